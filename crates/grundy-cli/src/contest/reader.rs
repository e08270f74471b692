//! A fast tokenizer that knows which line it is on.

use anyhow::{bail, Result};

/// Whitespace-separated tokens of an input held in memory.
pub struct Tokens<'a> {
    input: &'a [u8],
    at: usize,
    line: usize,
}

impl<'a> Tokens<'a> {
    pub fn new(input: &'a [u8]) -> Self {
        Tokens { input, at: 0, line: 1 }
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
        let line = self.line();
        let Some(token) = self.next_token() else {
            bail!("line {line}: the input ends where {what} was expected");
        };
        let mut value: u64 = 0;
        for &b in token {
            if !b.is_ascii_digit() {
                bail!("line {line}: expected {what} (a whole number), found '{}'", String::from_utf8_lossy(token));
            }
            value = match value.checked_mul(10).and_then(|v| v.checked_add((b - b'0') as u64)) {
                Some(v) => v,
                None => bail!("line {line}: {what} '{}' is too large", String::from_utf8_lossy(token)),
            };
        }
        if value < min || value > max {
            bail!("line {line}: {what} must be between {min} and {max}, found {value}");
        }
        Ok(value)
    }

    /// The next non-whitespace byte, which must be one of `allowed`.
    pub fn symbol(&mut self, what: &str, allowed: &[u8]) -> Result<u8> {
        let line = self.line();
        let Some(&b) = self.input.get(self.at) else {
            bail!("line {line}: the input ends where {what} was expected");
        };
        if !allowed.contains(&b) {
            let shown: Vec<String> = allowed.iter().map(|&a| format!("'{}'", a as char)).collect();
            bail!("line {line}: expected {what} ({}), found '{}'", shown.join(" or "), b as char);
        }
        self.at += 1;
        Ok(b)
    }

    /// Errors if anything but whitespace is left.
    pub fn expect_end(&mut self) -> Result<()> {
        let line = self.line();
        if let Some(token) = self.next_token() {
            bail!("line {line}: unexpected '{}' after the last case", String::from_utf8_lossy(token));
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
