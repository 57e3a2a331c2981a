//! Reading commands a line at a time with a bound on a line's length, as the interactive tools
//! (the `ugi` protocol, the `play` example) do: a line longer than the bound is skipped a
//! buffer at a time and never held, so a gigabyte without a newline costs no more memory than
//! a line at the bound.

use std::io::{self, BufRead, Read};

/// What [`read_bounded_line`] found.
#[derive(Debug, PartialEq, Eq)]
pub enum BoundedLine {
    /// A line (its bytes are in the caller's buffer, with the newline when there was one).
    Line,
    /// A line longer than the bound: skipped up to and including its newline.
    TooLong,
    /// The input has ended.
    End,
}

/// Reads the next line of `input` into `buffer` (cleared first), at most `max` bytes of it
/// before the newline.
///
/// ```
/// use boardrules::lines::{read_bounded_line, BoundedLine};
///
/// let mut input = "go\nxxxxxxxxxx\nquit".as_bytes();
/// let mut line = Vec::new();
/// assert_eq!(read_bounded_line(&mut input, 4, &mut line)?, BoundedLine::Line);
/// assert_eq!(line, b"go\n");
/// assert_eq!(read_bounded_line(&mut input, 4, &mut line)?, BoundedLine::TooLong);
/// assert_eq!(read_bounded_line(&mut input, 4, &mut line)?, BoundedLine::Line);
/// assert_eq!(line, b"quit");
/// assert_eq!(read_bounded_line(&mut input, 4, &mut line)?, BoundedLine::End);
/// # Ok::<(), std::io::Error>(())
/// ```
///
/// # Errors
/// The input's read error.
pub fn read_bounded_line(
    input: &mut impl BufRead,
    max: usize,
    buffer: &mut Vec<u8>,
) -> io::Result<BoundedLine> {
    buffer.clear();
    let bound = (max as u64).saturating_add(1);
    if Read::take(&mut *input, bound).read_until(b'\n', buffer)? == 0 {
        return Ok(BoundedLine::End);
    }
    let without_newline = buffer.len() - usize::from(buffer.last() == Some(&b'\n'));
    if without_newline > max {
        if buffer.last() != Some(&b'\n') {
            skip_rest_of_line(input)?;
        }
        buffer.clear();
        return Ok(BoundedLine::TooLong);
    }
    Ok(BoundedLine::Line)
}

/// Reads and drops the rest of a line, up to and including its newline (or to the end of the
/// input), one buffer at a time.
fn skip_rest_of_line(input: &mut impl BufRead) -> io::Result<()> {
    loop {
        let chunk = match input.fill_buf() {
            Ok(chunk) => chunk,
            Err(err) if err.kind() == io::ErrorKind::Interrupted => continue,
            Err(err) => return Err(err),
        };
        if chunk.is_empty() {
            return Ok(());
        }
        match chunk.iter().position(|&b| b == b'\n') {
            Some(end) => {
                input.consume(end + 1);
                return Ok(());
            }
            None => {
                let len = chunk.len();
                input.consume(len);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A reader that hands out its bytes three at a time, as a pipe may.
    fn trickle(bytes: &[u8]) -> io::BufReader<&[u8]> {
        io::BufReader::with_capacity(3, bytes)
    }

    #[test]
    fn a_line_of_exactly_the_bound_is_a_line_and_one_more_byte_is_too_long() {
        let mut line = Vec::new();
        let mut input = trickle(b"abcd\nabcde\nok\n");
        assert_eq!(
            read_bounded_line(&mut input, 4, &mut line).unwrap(),
            BoundedLine::Line
        );
        assert_eq!(line, b"abcd\n");
        assert_eq!(
            read_bounded_line(&mut input, 4, &mut line).unwrap(),
            BoundedLine::TooLong
        );
        assert!(line.is_empty());
        assert_eq!(
            read_bounded_line(&mut input, 4, &mut line).unwrap(),
            BoundedLine::Line
        );
        assert_eq!(line, b"ok\n");
        assert_eq!(
            read_bounded_line(&mut input, 4, &mut line).unwrap(),
            BoundedLine::End
        );
    }

    #[test]
    fn a_long_line_is_skipped_without_being_held() {
        let long: Vec<u8> = core::iter::repeat_n(b'x', 100_000)
            .chain(*b"\nnext\n")
            .collect();
        let mut input = trickle(&long);
        let mut line = Vec::new();
        assert_eq!(
            read_bounded_line(&mut input, 16, &mut line).unwrap(),
            BoundedLine::TooLong
        );
        assert!(line.capacity() <= 64, "held {} bytes", line.capacity());
        assert_eq!(
            read_bounded_line(&mut input, 16, &mut line).unwrap(),
            BoundedLine::Line
        );
        assert_eq!(line, b"next\n");
    }

    #[test]
    fn a_long_last_line_without_newline_ends_the_input() {
        let mut input = trickle(b"xxxxxxxx");
        let mut line = Vec::new();
        assert_eq!(
            read_bounded_line(&mut input, 4, &mut line).unwrap(),
            BoundedLine::TooLong
        );
        assert_eq!(
            read_bounded_line(&mut input, 4, &mut line).unwrap(),
            BoundedLine::End
        );
    }
}
