//! One game in play, behind an object-safe trait: [`Table`] is written once, generically, for
//! every game of the library ([`GameTable<G>`]), and the server holds `Box<dyn Table>` values
//! without knowing which game is inside. [`open`] and [`info`] pick the game by its name
//! through the facade's [`visit`].

use std::fmt::Display;
use std::time::Duration;

use boardrules::engines::{engine_by_name, ENGINE_NAMES};
use boardrules::games::{visit, GameVisitor, GAME_NAMES};
use game_core::{BoardSize, Engine, Game, GameRecord, Limits, Outcome, StopFlag};
use serde::Serialize;

use crate::limits::MAX_PLIES;
use crate::present::Presented;

/// A game's outcome as the API writes it: `{"result": "win"|"draw", "player"?, "reason"}`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, serde::Deserialize)]
pub(crate) struct OutcomeJson {
    /// `"win"` or `"draw"`.
    pub(crate) result: String,
    /// The winner, for a win.
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub(crate) player: Option<String>,
    /// The library's reason, or the server's `"resignation"` and `"agreement"`.
    pub(crate) reason: String,
}

/// The clicks of one legal move, as the state lists them.
#[derive(Clone, Debug, Serialize)]
pub(crate) struct GestureJson {
    /// The points clicked, in order.
    pub(crate) points: Vec<String>,
    /// The choice no click makes (`"Q"`, `"pass"`, `"keep"`, `"swap"`), or null.
    pub(crate) choice: Option<&'static str>,
}

/// What a table says about its game for the state message.
pub(crate) struct Core<'a> {
    pub(crate) position: String,
    pub(crate) moves: Vec<&'a str>,
    pub(crate) to_move: Option<String>,
    pub(crate) outcome: Option<OutcomeJson>,
    pub(crate) colors: Vec<(String, String)>,
    /// How many legal moves there are (0 once the game is over).
    pub(crate) legal_move_count: usize,
    /// The library's scoreboard: what it counts and each player's number.
    pub(crate) score: Option<(&'static str, Vec<(String, i64)>)>,
    /// What each player still has to place, for the games with a hand (else empty).
    pub(crate) hands: Vec<(String, Vec<HandJson>)>,
}

/// One kind of piece a player has in hand, as the state lists it.
#[derive(Clone, Debug, Serialize)]
pub(crate) struct HandJson {
    /// The kind for people (`"queen"`, `"master stone"`).
    pub(crate) kind: &'static str,
    /// The gesture's choice that places it, or null for a click alone.
    pub(crate) choice: Option<&'static str>,
    /// How many are left to place.
    pub(crate) count: u32,
}

/// The legal moves and their gestures, when their JSON fits a budget of bytes.
pub(crate) struct LegalLists {
    pub(crate) legal_moves: Vec<String>,
    pub(crate) gestures: Vec<GestureJson>,
}

/// The legal moves whose gestures start with some clicks (`GET /api/games/ID/gestures`).
#[derive(Serialize)]
pub(crate) struct GesturesAfter {
    /// How many legal moves have a gesture that starts with the clicks.
    pub(crate) count: usize,
    /// Whether `legal_moves` and `gestures` hold all `count` of them; when false they hold
    /// only the moves that the clicks make as they are (a pass before any click, Svendo's
    /// two stones on one point).
    pub(crate) complete: bool,
    pub(crate) legal_moves: Vec<String>,
    pub(crate) gestures: Vec<GestureJson>,
    /// The points that can follow the clicks, each once, in the board's order.
    pub(crate) next: Vec<String>,
    /// The choices of the moves that start with the clicks, each once.
    pub(crate) choices: Vec<&'static str>,
}

/// The bytes `value` takes in JSON, with the comma that separates it from the next.
fn json_len<T: Serialize>(value: &T) -> usize {
    serde_json::to_string(value).map_or(usize::MAX / 4, |text| text.len() + 1)
}

/// A search to run on the engine pool, given the time it may think: returns the chosen move's
/// text.
pub(crate) type EngineJob = Box<dyn FnOnce(Duration) -> Option<String> + Send>;

/// One game in play: its record and its move texts, whatever the game.
pub(crate) trait Table: Send {
    /// The game's name as the tools spell it.
    fn game(&self) -> &'static str;
    /// The players' names, in the order of play.
    fn players(&self) -> Vec<String>;
    /// The board size's text, for games with several boards.
    fn size(&self) -> Option<String>;
    /// The start position's text.
    fn start(&self) -> String;
    /// The state's fields that come from the game itself.
    fn core(&self) -> Core<'_>;
    /// The legal moves and their gestures, or `None` when their JSON would take more than
    /// `budget` bytes (it stops counting there, so a huge list costs no more than a fitting one).
    fn legal_within(&self, budget: usize) -> Option<LegalLists>;
    /// Every legal move's text (the bots' `GET /api/games/ID/legal_moves`).
    fn legal_texts(&self) -> Vec<String>;
    /// The legal moves whose gestures start with `after` (points by name), within `budget`
    /// bytes of JSON.
    fn gestures_after(&self, after: &[String], budget: usize) -> GesturesAfter;
    /// How many moves have been played.
    fn plies(&self) -> usize;
    /// The index of the player to move, or `None` once the record says the game is over.
    fn turn(&self) -> Option<usize>;
    /// The move's text in the game's notation (`text` read in the current position), or the
    /// library's reason why it is malformed or illegal.
    fn check(&self, text: &str) -> Result<String, String>;
    /// Plays a move that [`Table::check`] accepted.
    fn apply(&mut self, text: &str) -> Result<(), String>;
    /// The index of the player to move after the move `text` (checked), or `None` when the
    /// position it leads to is over: what the clock needs before the move is stored.
    fn turn_after(&self, text: &str) -> Option<usize>;
    /// The picture of the current position, the last move marked.
    fn svg(&self, flipped: bool, explain: bool, size: u32) -> String;
    /// The picture of the position after `ply` moves (0 the start), the move that led to it
    /// marked; `None` when the game has fewer moves.
    fn svg_at(&self, ply: usize, flipped: bool, explain: bool, size: u32) -> Option<String>;
    /// The library's JSON game record.
    fn record_json(&self) -> String;
    /// Whether `spec` (`NAME[:BUDGET]`) is an engine of this game.
    fn check_engine(&self, spec: &str) -> Result<(), String>;
    /// A search of the current position by the engine `spec`.
    fn engine_job(&self, spec: &str, seed: u64, stop: StopFlag) -> Result<EngineJob, String>;
    /// A new table of the same game and board at its start position (a rematch).
    fn fresh(&self) -> Box<dyn Table>;
}

/// [`Table`] for the game `G`: the record, and each move's text as it was played.
pub(crate) struct GameTable<G: Presented> {
    record: GameRecord<G>,
    texts: MoveTexts,
}

/// The texts of a game's moves, in one string: a loaded game keeps them for its state, and
/// a `String` each would cost 24 bytes and an allocation a move, four times the text.
#[derive(Default)]
struct MoveTexts {
    text: String,
    /// Where each move's text ends in `text`.
    ends: Vec<u32>,
}

impl MoveTexts {
    fn push(&mut self, text: &str) {
        self.text.push_str(text);
        self.ends
            .push(u32::try_from(self.text.len()).expect("a move cap keeps the texts short"));
    }

    fn len(&self) -> usize {
        self.ends.len()
    }

    fn iter(&self) -> impl Iterator<Item = &str> {
        let starts = core::iter::once(0).chain(self.ends.iter().copied());
        starts
            .zip(&self.ends)
            .map(|(start, &end)| &self.text[start as usize..end as usize])
    }
}

fn outcome_json<G: Game>(outcome: game_core::OutcomeOf<G>) -> OutcomeJson {
    match outcome {
        Outcome::Winner { player, reason } => OutcomeJson {
            result: "win".to_owned(),
            player: Some(player.to_string()),
            reason: reason.to_string(),
        },
        Outcome::Draw { reason } => OutcomeJson {
            result: "draw".to_owned(),
            player: None,
            reason: reason.to_string(),
        },
    }
}

/// A record with the game's draw rules and the server's move cap ([`MAX_PLIES`]), which
/// bounds every game's list of moves, and so its state.
fn new_record<G: Game>(start: G) -> GameRecord<G> {
    let rules = G::DRAW_RULES;
    let cap = match rules.move_cap {
        Some(cap) => cap.min(MAX_PLIES),
        None => MAX_PLIES,
    };
    GameRecord::with_rules(start, rules.with_move_cap(Some(cap)))
}

fn names<T: Display>(items: impl IntoIterator<Item = T>) -> Vec<String> {
    items.into_iter().map(|item| item.to_string()).collect()
}

impl<G: Presented> Table for GameTable<G> {
    fn game(&self) -> &'static str {
        G::NAME
    }

    fn players(&self) -> Vec<String> {
        names(G::PLAYERS)
    }

    fn size(&self) -> Option<String> {
        self.record
            .start()
            .board_size()
            .map(|size| size.to_string())
    }

    fn start(&self) -> String {
        self.record.start().to_string()
    }

    fn core(&self) -> Core<'_> {
        let pos = self.record.current();
        let outcome = self.record.outcome();
        Core {
            position: pos.to_string(),
            moves: self.texts.iter().collect(),
            to_move: outcome.is_none().then(|| pos.to_move().to_string()),
            outcome: outcome.map(outcome_json::<G>),
            colors: G::PLAYERS
                .iter()
                .map(|&p| (p.to_string(), pos.color_name(p)))
                .collect(),
            legal_move_count: if outcome.is_none() {
                pos.legal_moves().len()
            } else {
                0
            },
            score: pos.scoreboard().map(|board| {
                (
                    board.label,
                    board
                        .scores
                        .iter()
                        .map(|(p, n)| (p.to_string(), *n))
                        .collect(),
                )
            }),
            hands: G::PLAYERS
                .iter()
                .map(|&p| {
                    let hand = pos
                        .hand(p)
                        .iter()
                        .map(|e| HandJson {
                            kind: e.kind,
                            choice: e.choice,
                            count: e.count,
                        })
                        .collect::<Vec<_>>();
                    (p.to_string(), hand)
                })
                .filter(|(_, hand)| !hand.is_empty())
                .collect(),
        }
    }

    fn legal_within(&self, budget: usize) -> Option<LegalLists> {
        let pos = self.record.current();
        let legal = self.record.legal_moves();
        let mut used = 0;
        let mut lists = LegalLists {
            legal_moves: Vec::with_capacity(legal.len().min(4096)),
            gestures: Vec::with_capacity(legal.len().min(4096)),
        };
        for &mv in legal.iter() {
            let text = pos.move_text(mv);
            let (points, choice) = pos.gesture_of(mv);
            let gesture = GestureJson { points, choice };
            used += json_len(&text) + json_len(&gesture);
            if used > budget {
                return None;
            }
            lists.legal_moves.push(text);
            lists.gestures.push(gesture);
        }
        Some(lists)
    }

    fn legal_texts(&self) -> Vec<String> {
        let pos = self.record.current();
        self.record
            .legal_moves()
            .iter()
            .map(|&mv| pos.move_text(mv))
            .collect()
    }

    fn gestures_after(&self, after: &[String], budget: usize) -> GesturesAfter {
        let pos = self.record.current();
        let legal = self.record.legal_moves();
        let mut out = GesturesAfter {
            count: 0,
            complete: true,
            legal_moves: Vec::new(),
            gestures: Vec::new(),
            next: Vec::new(),
            choices: Vec::new(),
        };
        let mut next = std::collections::BTreeSet::new();
        let mut exact = Vec::new();
        let mut used = 0;
        // A name that is no point of the game starts no gesture.
        let Ok(after) = after
            .iter()
            .map(|name| name.parse::<G::Point>())
            .collect::<Result<Vec<_>, _>>()
        else {
            return out;
        };
        for &mv in legal.iter() {
            let gesture = pos.gesture(mv);
            let starts = gesture.points.len() >= after.len()
                && gesture.points.iter().zip(&after).all(|(a, b)| a == b);
            if !starts {
                continue;
            }
            out.count += 1;
            if let Some(&point) = gesture.points.get(after.len()) {
                next.insert(point);
            }
            if let Some(choice) = gesture.choice {
                if !out.choices.contains(&choice) {
                    out.choices.push(choice);
                }
            }
            let json = GestureJson {
                points: gesture.points.iter().map(ToString::to_string).collect(),
                choice: gesture.choice,
            };
            if gesture.points.len() == after.len() {
                exact.push((pos.move_text(mv), json.clone()));
            }
            if out.complete {
                let text = pos.move_text(mv);
                used += json_len(&text) + json_len(&json);
                if used > budget {
                    out.complete = false;
                    out.legal_moves = Vec::new();
                    out.gestures = Vec::new();
                } else {
                    out.legal_moves.push(text);
                    out.gestures.push(json);
                }
            }
        }
        if !out.complete {
            for (text, gesture) in exact {
                out.legal_moves.push(text);
                out.gestures.push(gesture);
            }
        }
        out.next = next.into_iter().map(|point| point.to_string()).collect();
        out
    }

    fn plies(&self) -> usize {
        self.texts.len()
    }

    fn turn(&self) -> Option<usize> {
        match self.record.outcome() {
            Some(_) => None,
            None => Some(G::player_index(self.record.current().to_move())),
        }
    }

    fn check(&self, text: &str) -> Result<String, String> {
        let pos = self.record.current();
        let mv = pos.parse_move(text).map_err(|e| e.to_string())?;
        match pos.why_illegal(mv) {
            None => Ok(pos.move_text(mv)),
            Some(reason) => Err(reason),
        }
    }

    fn apply(&mut self, text: &str) -> Result<(), String> {
        let before = *self.record.current();
        let mv = self.record.play_text(text).map_err(|e| e.to_string())?;
        self.texts.push(&before.move_text(mv));
        Ok(())
    }

    fn turn_after(&self, text: &str) -> Option<usize> {
        let mut pos = *self.record.current();
        let mv = pos.parse_move(text).ok()?;
        pos.play(mv).ok()?;
        pos.outcome()
            .is_none()
            .then(|| G::player_index(pos.to_move()))
    }

    fn svg(&self, flipped: bool, explain: bool, size: u32) -> String {
        self.record
            .current()
            .picture(self.record.moves().last().copied(), flipped, explain, size)
    }

    fn svg_at(&self, ply: usize, flipped: bool, explain: bool, size: u32) -> Option<String> {
        let pos = self.record.position_at(ply)?;
        let last = ply
            .checked_sub(1)
            .and_then(|i| self.record.moves().get(i))
            .copied();
        Some(pos.picture(last, flipped, explain, size))
    }

    fn record_json(&self) -> String {
        serde_json::to_string(&self.record)
            .unwrap_or_else(|e| format!("{{\"error\":{:?}}}", e.to_string()))
    }

    fn check_engine(&self, spec: &str) -> Result<(), String> {
        G::engine(spec, 0).map(|_| ())
    }

    fn engine_job(&self, spec: &str, seed: u64, stop: StopFlag) -> Result<EngineJob, String> {
        let mut engine: Box<dyn Engine<G>> = G::engine(spec, seed)?;
        let record = self.record.clone();
        Ok(Box::new(move |time| {
            let result = engine.search(&record, &Limits::time(time), &stop, &mut |_| {});
            let mv = result.best_move?;
            let pos = record.current();
            pos.is_legal(mv).then(|| pos.move_text(mv))
        }))
    }

    fn fresh(&self) -> Box<dyn Table> {
        let start = match self.record.start().board_size() {
            Some(size) => G::start_with_size(size).unwrap_or_else(|_| G::start()),
            None => G::start(),
        };
        Box::new(GameTable {
            record: new_record(start),
            texts: MoveTexts::default(),
        })
    }
}

/// Opens a table of the game `name`: at `start` (a position text) or the start position, on
/// the board of `size`, with `moves` replayed.
struct Opener<'a> {
    size: Option<&'a str>,
    start: Option<&'a str>,
    moves: &'a [String],
}

impl GameVisitor for Opener<'_> {
    type Output = Result<Box<dyn Table>, String>;

    fn visit<G: game_core::Describe + game_core::Gestures>(self) -> Self::Output {
        let size = match self.size {
            None => None,
            Some(text) => Some(text.parse::<BoardSize>().map_err(|e| e.to_string())?),
        };
        let start: G = match (self.start, size) {
            (Some(text), size) => G::parse_position(text, size).map_err(|e| e.to_string())?,
            (None, Some(size)) => G::start_with_size(size).map_err(|e| e.to_string())?,
            (None, None) => G::start(),
        };
        let mut table = GameTable {
            record: new_record(start),
            texts: MoveTexts::default(),
        };
        for (ply, text) in self.moves.iter().enumerate() {
            table
                .apply(text)
                .map_err(|e| format!("move {} ({text}): {e}", ply + 1))?;
        }
        Ok(Box::new(table))
    }
}

/// A table of the game `name` at its start (on the board of `size`, or at the position
/// `start`), with `moves` replayed; the library's error text when any of it is wrong.
pub(crate) fn open(
    name: &str,
    size: Option<&str>,
    start: Option<&str>,
    moves: &[String],
) -> Result<Box<dyn Table>, String> {
    visit(name, Opener { size, start, moves }).map_err(|e| e.to_string())?
}

/// What `GET /api/info` says of one game.
#[derive(Clone, Debug, Serialize)]
pub(crate) struct GameInfo {
    pub(crate) name: &'static str,
    pub(crate) title: &'static str,
    summary: &'static str,
    how_to_move: &'static [&'static str],
    choices: serde_json::Map<String, serde_json::Value>,
    rules_url: String,
    sizes: Vec<String>,
    default_size: Option<String>,
    pub(crate) players: Vec<String>,
    engines: Vec<&'static str>,
    explanation: Option<&'static str>,
    #[serde(skip)]
    pub(crate) rules: &'static str,
}

/// The board sizes from the smallest to the largest (by their points), whatever order the
/// game lists them in (its first is its default).
fn sizes_in_order(sizes: &[BoardSize]) -> Vec<String> {
    let mut sizes = sizes.to_vec();
    sizes.sort_by_key(|size| match *size {
        BoardSize::Side(n) => (u64::from(n) * u64::from(n), u64::from(n)),
        BoardSize::Rect { width, height } => {
            (u64::from(width) * u64::from(height), u64::from(width))
        }
    });
    names(sizes)
}

struct Describer;

impl GameVisitor for Describer {
    type Output = GameInfo;

    fn visit<G: game_core::Describe + game_core::Gestures>(self) -> GameInfo {
        GameInfo {
            name: G::NAME,
            title: G::TITLE,
            summary: G::SUMMARY,
            how_to_move: G::HOW_TO_MOVE,
            choices: G::CHOICES
                .iter()
                .map(|&(choice, name)| (choice.to_owned(), serde_json::Value::from(name)))
                .collect(),
            rules_url: format!("/rules/{}", G::NAME),
            rules: G::RULES,
            sizes: sizes_in_order(G::BOARD_SIZES),
            default_size: G::BOARD_SIZES.first().map(|size| size.to_string()),
            players: names(G::PLAYERS),
            engines: ENGINE_NAMES
                .iter()
                .copied()
                .filter(|name| engine_by_name::<G>(name, 0).is_ok())
                .collect(),
            explanation: G::EXPLAINS,
        }
    }
}

/// Every game of the build, in the tools' order (made once).
pub(crate) fn info() -> &'static [GameInfo] {
    static INFO: std::sync::OnceLock<Vec<GameInfo>> = std::sync::OnceLock::new();
    INFO.get_or_init(|| {
        GAME_NAMES
            .iter()
            .filter_map(|name| visit(name, Describer).ok())
            .collect()
    })
}

/// What `GET /api/info` says of the game `name`, if the build has it.
pub(crate) fn info_of(name: &str) -> Option<&'static GameInfo> {
    info().iter().find(|g| g.name == name)
}
