//! `boardrules-server`: serves the page and the JSON API (see `--help`).

use std::process::ExitCode;

use boardrules_server::{parse_args, Command, Config, Server, HELP};

fn main() -> ExitCode {
    let mut config = match parse_args(std::env::args().skip(1)) {
        Ok(Command::Help) => {
            print!("{HELP}");
            return ExitCode::SUCCESS;
        }
        Ok(Command::Serve(config)) => config,
        Err(e) => {
            eprintln!("boardrules-server: {e}");
            return ExitCode::from(2);
        }
    };
    tracing_subscriber::fmt()
        .with_writer(std::io::stderr)
        .with_target(false)
        .with_ansi(std::io::IsTerminal::is_terminal(&std::io::stderr()))
        .with_max_level(tracing::Level::INFO)
        .init();
    fit_descriptors(&mut config);
    let runtime = match tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
    {
        Ok(runtime) => runtime,
        Err(e) => {
            eprintln!("boardrules-server: {e}");
            return ExitCode::FAILURE;
        }
    };
    runtime.block_on(async {
        // The signals are taken before the server says it is ready: a SIGTERM that follows
        // the address line at once must find the handler, not the default that kills.
        let stopped = match StopSignal::new() {
            Ok(stopped) => stopped,
            Err(e) => {
                eprintln!("boardrules-server: signals: {e}");
                return ExitCode::FAILURE;
            }
        };
        match Server::start(&config).await {
            Ok(server) => {
                tracing::info!(addr = %server.local_addr(), db = %config.db.display(), "serving");
                println!(
                    "boardrules-server: http://{}/ (games in {})",
                    server.local_addr(),
                    config.db.display()
                );
                stopped.wait().await;
                tracing::info!("shutting down: finishing the requests under way");
                server.shutdown().await;
                tracing::info!("stopped");
                ExitCode::SUCCESS
            }
            Err(e) => {
                eprintln!("boardrules-server: {e}");
                ExitCode::FAILURE
            }
        }
    })
}

/// Ctrl-C or SIGTERM, listened for from its creation on.
struct StopSignal {
    #[cfg(unix)]
    interrupt: tokio::signal::unix::Signal,
    #[cfg(unix)]
    terminate: tokio::signal::unix::Signal,
}

impl StopSignal {
    fn new() -> std::io::Result<StopSignal> {
        #[cfg(unix)]
        {
            use tokio::signal::unix::{signal, SignalKind};
            Ok(StopSignal {
                interrupt: signal(SignalKind::interrupt())?,
                terminate: signal(SignalKind::terminate())?,
            })
        }
        #[cfg(not(unix))]
        Ok(StopSignal {})
    }

    /// Waits for Ctrl-C or SIGTERM.
    async fn wait(mut self) {
        #[cfg(unix)]
        tokio::select! {
            _ = self.interrupt.recv() => {}
            _ = self.terminate.recv() => {}
        }
        #[cfg(not(unix))]
        {
            let _ = &mut self;
            let _ = tokio::signal::ctrl_c().await;
        }
    }
}

/// Lowers the connection cap below the process's limit of open files (read from
/// `/proc/self/limits` on Linux), keeping a hundred for the database, the engines and the
/// listener: past the limit, accepting fails and the server could not even refuse politely.
fn fit_descriptors(config: &mut Config) {
    let Ok(limits) = std::fs::read_to_string("/proc/self/limits") else {
        return;
    };
    let soft = limits
        .lines()
        .find(|line| line.starts_with("Max open files"))
        .and_then(|line| line.split_whitespace().nth(3))
        .and_then(|n| n.parse::<usize>().ok());
    if let Some(soft) = soft {
        let room = soft.saturating_sub(100).max(16);
        if config.limits.max_connections > room {
            tracing::warn!(
                max_connections = room,
                open_files = soft,
                "--max-connections lowered to fit the limit of open files (ulimit -n)"
            );
            config.limits.max_connections = room;
        }
    }
}
