//! A contest's input, read whole, and a fast tokenizer that knows which
//! line it is on.

use anyhow::{bail, Context, Result};

/// A token of the input as an error quotes it: as text, and cut short (a
/// file of one 50 MB token made an error line as long).
fn quoted(token: &[u8]) -> String {
    grundy::shortened(&String::from_utf8_lossy(token))
}

/// The whole of `source` (a file or standard input, named `name` in
/// errors), read a chunk at a time: a contest input is text, so a NUL byte
/// ends the read at once with the line it is on (`contest john /dev/zero`
/// read until memory ran out), and input past half the memory available
/// is refused before it fills the rest.
pub fn read_all(mut source: impl std::io::Read, name: &str) -> Result<Vec<u8>> {
    const CHUNK: usize = 1 << 20;
    let most = grundy::available_memory().map_or(u64::MAX, |bytes| bytes / 2);
    let mut input = Vec::new();
    loop {
        let start = input.len();
        input.resize(start + CHUNK, 0);
        let read = loop {
            match source.read(&mut input[start..]) {
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
                other => break other,
            }
        };
        let read = read.with_context(|| format!("cannot read {name}"))?;
        input.truncate(start + read);
        if read == 0 {
            return Ok(input);
        }
        if let Some(at) = input[start..].iter().position(|&b| b == 0) {
            let line = 1 + input[..start + at].iter().filter(|&&b| b == b'\n').count();
            bail!("line {line} of {name}: a NUL byte: the input must be text");
        }
        if input.len() as u64 > most {
            bail!("{name} is too large: more than {} MB read, half the memory available", input.len() >> 20);
        }
    }
}

/// Whitespace-separated tokens of an input held in memory.
pub struct Tokens<'a> {
    input: &'a [u8],
    at: usize,
    line: usize,
}

impl<'a> Tokens<'a> {
    /// A leading UTF-8 byte-order mark, which editors on Windows write, is
    /// skipped: it is not part of the first number.
    pub fn new(input: &'a [u8]) -> Self {
        let at = if input.starts_with(b"\xEF\xBB\xBF") { 3 } else { 0 };
        Tokens { input, at, line: 1 }
    }

    /// The line of the next token (or of the end of input).
    pub fn line(&mut self) -> usize {
        self.skip_whitespace();
        self.line
    }

    fn skip_whitespace(&mut self) {
        while let Some(&b) = self.input.get(self.at) {
            if b == b'\n' {
                self.line += 1;
            } else if !b.is_ascii_whitespace() {
                break;
            }
            self.at += 1;
        }
    }

    /// Whether only whitespace is left.
    pub fn at_end(&mut self) -> bool {
        self.skip_whitespace();
        self.at >= self.input.len()
    }

    /// The next token, or `None` at the end.
    pub fn next_token(&mut self) -> Option<&'a [u8]> {
        self.skip_whitespace();
        let start = self.at;
        while self.at < self.input.len() && !self.input[self.at].is_ascii_whitespace() {
            self.at += 1;
        }
        (self.at > start).then(|| &self.input[start..self.at])
    }

    /// The next token as a whole number in `min..=max`; `what` names it in errors.
    pub fn number(&mut self, what: &str, min: u64, max: u64) -> Result<u64> {
        // The hot path of every reader: position and line in locals, stored
        // back once, so the loops run in registers.
        let input = self.input;
        let (mut at, mut line) = (self.at, self.line);
        while at < input.len() && input[at].is_ascii_whitespace() {
            line += (input[at] == b'\n') as usize;
            at += 1;
        }
        let start = at;
        let mut value: u64 = 0;
        let mut overflow = false;
        while at < input.len() && input[at].is_ascii_digit() {
            let (times_ten, o1) = value.overflowing_mul(10);
            let (next, o2) = times_ten.overflowing_add((input[at] - b'0') as u64);
            overflow |= o1 | o2;
            value = next;
            at += 1;
        }
        let ends_token = at >= input.len() || input[at].is_ascii_whitespace();
        (self.at, self.line) = (at, line);
        if at == start || !ends_token {
            self.at = start;
            match self.next_token() {
                None => bail!("line {line}: the input ends where {what} was expected"),
                Some(token) => {
                    bail!("line {line}: expected {what} (a whole number), found '{}'", quoted(token))
                }
            }
        }
        if overflow {
            bail!("line {line}: {what} '{}' is too large", quoted(&input[start..at]));
        }
        if value < min || value > max {
            bail!("line {line}: {what} must be between {min} and {max}, found {value}");
        }
        Ok(value)
    }

    /// Reads `count` cells, each one of the bytes `allowed`, whitespace
    /// between them carrying no meaning; calls `cell(i, byte)` for each.
    pub fn cells(&mut self, what: &str, allowed: &[u8], count: usize, mut cell: impl FnMut(usize, u8)) -> Result<()> {
        // 0: not allowed, 1: a cell, 2: whitespace, 3: a new line.
        let mut class = [0u8; 256];
        for b in 0..=255u8 {
            if b.is_ascii_whitespace() {
                class[b as usize] = 2;
            }
        }
        class[b'\n' as usize] = 3;
        allowed.iter().for_each(|&a| class[a as usize] = 1);
        let mut done = 0;
        let mut at = self.at;
        while done < count {
            let Some(&b) = self.input.get(at) else {
                self.at = at;
                bail!("line {}: the input ends where {what} was expected", self.line);
            };
            at += 1;
            match class[b as usize] {
                1 => {
                    cell(done, b);
                    done += 1;
                }
                2 => {}
                3 => self.line += 1,
                _ => {
                    self.at = at;
                    let shown: Vec<String> = allowed.iter().map(|&a| format!("'{}'", a as char)).collect();
                    bail!("line {}: expected {what} ({}), found '{}'", self.line, shown.join(" or "), b as char);
                }
            }
        }
        self.at = at;
        Ok(())
    }

    /// Errors if anything but whitespace is left.
    pub fn expect_end(&mut self) -> Result<()> {
        let line = self.line();
        if let Some(token) = self.next_token() {
            bail!("line {line}: unexpected '{}' after the last case", quoted(token));
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reading_stops_at_a_nul_byte_and_names_its_line() {
        let input = read_all(&b"3\n1 2\n"[..], "the input").unwrap();
        assert_eq!(input, b"3\n1 2\n");
        // An endless stream of zeros, as /dev/zero is: refused at once.
        let error = read_all(std::io::repeat(0), "/dev/zero").unwrap_err().to_string();
        assert_eq!(error, "line 1 of /dev/zero: a NUL byte: the input must be text");
        let error = read_all(&b"1\n2\n\x003"[..], "in.txt").unwrap_err().to_string();
        assert!(error.starts_with("line 3 of in.txt"), "{error}");
    }

    #[test]
    fn errors_name_the_line() {
        let mut tokens = Tokens::new(b"1 2\n3 x\n");
        assert_eq!(tokens.number("a", 0, 9).unwrap(), 1);
        assert_eq!(tokens.number("a", 0, 9).unwrap(), 2);
        assert_eq!(tokens.number("a", 0, 9).unwrap(), 3);
        let error = tokens.number("a pile", 0, 9).unwrap_err().to_string();
        assert!(error.contains("line 2") && error.contains("'x'"), "{error}");
    }

    #[test]
    fn a_byte_order_mark_is_not_part_of_the_first_number() {
        let mut tokens = Tokens::new(b"\xEF\xBB\xBF12 3\n");
        assert_eq!(tokens.number("a", 0, 99).unwrap(), 12);
        assert_eq!(tokens.number("a", 0, 99).unwrap(), 3);
        assert!(tokens.at_end());
        // Only at the start: elsewhere it is a bad token, quoted.
        let mut tokens = Tokens::new(b"1 \xEF\xBB\xBF2");
        assert_eq!(tokens.number("a", 0, 99).unwrap(), 1);
        assert!(tokens.number("a", 0, 99).is_err());
    }

    #[test]
    fn cells_skip_whitespace_and_name_bad_ones() {
        let mut tokens = Tokens::new(b"#.\n .#\n#x");
        let mut seen = Vec::new();
        tokens.cells("a cell", b"#.", 4, |i, b| seen.push((i, b))).unwrap();
        assert_eq!(seen, [(0, b'#'), (1, b'.'), (2, b'.'), (3, b'#')]);
        let error = tokens.cells("a cell", b"#.", 2, |_, _| {}).unwrap_err().to_string();
        assert!(error.contains("line 3") && error.contains("'x'"), "{error}");
        let error = Tokens::new(b"#").cells("a cell", b"#.", 2, |_, _| {}).unwrap_err().to_string();
        assert!(error.contains("ends"), "{error}");
    }

    #[test]
    fn ranges_and_the_end_are_checked() {
        let mut tokens = Tokens::new(b"\n\n7");
        assert!(tokens.number("n", 0, 5).unwrap_err().to_string().contains("line 3"));
        let mut tokens = Tokens::new(b"");
        assert!(tokens.number("n", 0, 5).unwrap_err().to_string().contains("ends"));
        let mut tokens = Tokens::new(b"99999999999999999999999");
        assert!(tokens.number("n", 0, 5).unwrap_err().to_string().contains("too large"));
        let mut tokens = Tokens::new(b"-1");
        assert!(tokens.number("n", 0, 5).is_err());
    }
}
