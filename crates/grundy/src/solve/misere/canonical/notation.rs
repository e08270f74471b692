//! CGSuite's notation for misère canonical forms, printed and parsed.
//!
//! CGSuite writes a misère game as `*[…]` around Conway's string notation
//! (ONAG ch. 12): a nim heap is its size (`0`, `1`, `2`, …, and `&12;` from
//! ten up); a game with two or more options lists them from the largest
//! down, each compound one in parentheses, with nothing between them (`21`
//! is `{*2, *}`); a game with one option is that option followed by `#`
//! (`2#` is `{*2}`). So `*[2]` is `*2`, `*[2#]` is `{*2}`, `*[2#1]` is
//! `{{*2}, *}`. Options are listed in CGSuite's order: by birthday, then
//! number of options, then normal and misère nim-values, then the options
//! themselves.
//!
//! CGSuite also abbreviates `G + *n` as `G` with a subscript (`2[2]` for
//! `*2 + *2` in plain text, `G[1]` for `G + *`, and `#` may sit in the
//! subscript: `2[#2]` is `{*2} + *2`); this module writes such a game out by
//! its options instead (`*[32]`), which CGSuite reads as the same game.
//! Parsing takes both: what [`Forms::display`] writes and CGSuite's
//! subscripts, except `G[-n]` (`G - *n`), which would need subtraction.

use rustc_hash::{FxHashMap, FxHashSet};

use super::form::{FormId, Forms};
use crate::error::{Error, Result};

impl Forms {
    /// Every form reachable from `root`, ranked in CGSuite's order (see the
    /// module documentation), smallest 0.
    ///
    /// Why ranks: comparing two forms compares their sorted options, so a
    /// comparison that sorts the options again at every level is
    /// exponential in the birthday (`solve --misere 0.75 30 --method
    /// canonical` spent minutes sorting before it printed, deaf to
    /// Ctrl-C). Options have smaller birthdays, so ranking one birthday at
    /// a time compares options by their ranks, each form once.
    fn ranks(&self, root: FormId) -> FxHashMap<FormId, u32> {
        let mut reachable = FxHashSet::default();
        let mut stack = vec![root];
        while let Some(form) = stack.pop() {
            if reachable.insert(form) {
                stack.extend_from_slice(self.options(form));
            }
        }
        let mut forms: Vec<FormId> = reachable.into_iter().collect();
        forms.sort_unstable_by_key(|&form| self.birthday(form));
        let mut ranks = FxHashMap::default();
        for born_together in forms.chunk_by(|&a, &b| self.birthday(a) == self.birthday(b)) {
            // (Distinct canonical forms have distinct options: no ties.)
            let mut keyed: Vec<_> = born_together
                .iter()
                .map(|&form| {
                    let mut options: Vec<u32> = self.options(form).iter().map(|option| ranks[option]).collect();
                    options.sort_unstable();
                    ((options.len(), self.nim_value(form), self.misere_value(form), options), form)
                })
                .collect();
            keyed.sort_unstable();
            for (_, form) in keyed {
                ranks.insert(form, ranks.len() as u32);
            }
        }
        ranks
    }

    /// `form` in CGSuite's notation, e.g. `*[2#]` for `{*2}`.
    ///
    /// ```
    /// use grundy::solve::misere::canonical::Forms;
    /// let mut forms = Forms::new();
    /// let two = forms.nimber(2);
    /// let two_sharp = forms.game([two])?;
    /// assert_eq!(forms.display(two), "*[2]");
    /// assert_eq!(forms.display(two_sharp), "*[2#]");
    /// let one = forms.nimber(1);
    /// let g = forms.game([two_sharp, one])?;
    /// assert_eq!(forms.display(g), "*[2#1]");
    /// assert_eq!(forms.parse("*[2#1]")?, g);
    /// # Ok::<(), grundy::Error>(())
    /// ```
    pub fn display(&self, form: FormId) -> String {
        self.display_within(form, usize::MAX).expect("no limit")
    }

    /// [`Self::display`] if the text has at most `limit` characters, else
    /// `None`. The notation writes a tree, and forms share options, so the
    /// text grows exponentially with the birthday (Kayles heap 16's form
    /// is 3.6 MB, heap 20's far more): writing stops once past the limit,
    /// at a cost bounded by it.
    ///
    /// ```
    /// use grundy::solve::misere::canonical::Forms;
    /// let mut forms = Forms::new();
    /// let two = forms.nimber(2);
    /// let g = forms.game([two])?;
    /// assert_eq!(forms.display_within(g, 10).as_deref(), Some("*[2#]"));
    /// assert_eq!(forms.display_within(g, 4), None);
    /// # Ok::<(), grundy::Error>(())
    /// ```
    pub fn display_within(&self, form: FormId, limit: usize) -> Option<String> {
        let mut out = String::from("*[");
        self.write(form, false, &self.ranks(form), &mut out, limit);
        out.push(']');
        (out.len() <= limit).then_some(out)
    }

    /// Writes `form` into `out`, its options in the order of `ranks`, or
    /// stops writing once `out` is longer than `limit`.
    fn write(&self, form: FormId, nested: bool, ranks: &FxHashMap<FormId, u32>, out: &mut String, limit: usize) {
        if out.len() > limit {
            return;
        }
        if let Some(n) = self.as_nimber(form) {
            if n < 10 {
                out.push_str(&n.to_string());
            } else {
                out.push_str(&format!("&{n};"));
            }
            return;
        }
        let mut options = self.options(form).to_vec();
        options.sort_unstable_by_key(|option| ranks[option]);
        if let [only] = options[..] {
            self.write(only, true, ranks, out, limit);
            out.push('#');
            return;
        }
        if nested {
            out.push('(');
        }
        for &option in options.iter().rev() {
            self.write(option, true, ranks, out, limit);
        }
        if nested {
            out.push(')');
        }
    }

    /// Reads a form in the notation [`Self::display`] writes, e.g.
    /// `*[2#1]`, and returns its canonical form (the text need not be
    /// canonical: `*[1#]` is `0`).
    pub fn parse(&mut self, text: &str) -> Result<FormId> {
        let syntax = |expected: &str, at: usize| Error::Syntax {
            expected: format!("{expected} at character {} of a misère form", at + 1),
            found: text.to_string(),
        };
        let body = text
            .trim()
            .strip_prefix("*[")
            .and_then(|rest| rest.strip_suffix(']'))
            .ok_or_else(|| syntax("'*[' … ']' (CGSuite's notation, e.g. *[2#])", 0))?;
        let offset = text.find("*[").map_or(0, |i| i + 2);
        let chars: Vec<char> = body.chars().collect();
        let mut at = 0;
        let items = self.items(&chars, &mut at, offset, &syntax)?;
        if at < chars.len() {
            return Err(syntax("a heap size, '(' or '#'", offset + at));
        }
        match items[..] {
            [] => Err(syntax("at least one heap size or game", offset)),
            [only] => Ok(only),
            _ => self.game(items),
        }
    }

    /// A run of items up to `)` or the end.
    fn items(
        &mut self,
        chars: &[char],
        at: &mut usize,
        offset: usize,
        syntax: &dyn Fn(&str, usize) -> Error,
    ) -> Result<Vec<FormId>> {
        let mut items = Vec::new();
        while *at < chars.len() && chars[*at] != ')' {
            let mut item = match chars[*at] {
                c if c.is_ascii_digit() || c == '&' => {
                    let n = heap_size(chars, at, offset, syntax)?;
                    self.nimber(n)
                }
                '(' => {
                    *at += 1;
                    let inner = self.items(chars, at, offset, syntax)?;
                    if chars.get(*at) != Some(&')') {
                        return Err(syntax("')'", offset + *at));
                    }
                    *at += 1;
                    self.game(inner)?
                }
                _ => return Err(syntax("a heap size, '(' or '#'", offset + *at)),
            };
            while chars.get(*at) == Some(&'#') {
                *at += 1;
                item = self.game([item])?;
            }
            if chars.get(*at) == Some(&'[') {
                *at += 1;
                item = self.subscripts(item, chars, at, offset, syntax)?;
            }
            items.push(item);
        }
        Ok(items)
    }
}

impl Forms {
    /// CGSuite's subscripts after `item`, up to the closing `]`, applied
    /// left to right: a heap size `n` adds `*n`, `#` makes `{item}`.
    fn subscripts(
        &mut self,
        mut item: FormId,
        chars: &[char],
        at: &mut usize,
        offset: usize,
        syntax: &dyn Fn(&str, usize) -> Error,
    ) -> Result<FormId> {
        loop {
            match chars.get(*at) {
                Some(']') => {
                    *at += 1;
                    return Ok(item);
                }
                Some('#') => {
                    *at += 1;
                    item = self.game([item])?;
                }
                Some(c) if c.is_ascii_digit() || *c == '&' => {
                    let n = heap_size(chars, at, offset, syntax)?;
                    let heap = self.nimber(n);
                    item = self.sum(item, heap)?;
                }
                Some('-') => return Err(syntax("no '-' subscript (G - *n is not read)", offset + *at)),
                _ => return Err(syntax("a heap size, '#' or ']' in a subscript", offset + *at)),
            }
        }
    }
}

/// A heap size: one digit, or `&n;`.
fn heap_size(chars: &[char], at: &mut usize, offset: usize, syntax: &dyn Fn(&str, usize) -> Error) -> Result<usize> {
    if let Some(d) = chars[*at].to_digit(10) {
        *at += 1;
        return Ok(d as usize);
    }
    let start = *at + 1;
    let end = (start..chars.len()).find(|&i| chars[i] == ';').ok_or_else(|| syntax("';'", offset + start))?;
    let digits: String = chars[start..end].iter().collect();
    let n: usize = digits.parse().map_err(|_| syntax("a heap size between '&' and ';'", offset + start))?;
    if n > 1 << 16 {
        return Err(syntax("a heap size below 65536", offset + start));
    }
    *at = end + 1;
    Ok(n)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_form_born_by_day_four_prints_and_reads_back() {
        let mut forms = Forms::new();
        let mut born = vec![FormId::ZERO];
        for _ in 0..4 {
            let mut next = Vec::new();
            for subset in 0u64..1 << born.len() {
                next.push(forms.game((0..born.len()).filter(|i| subset >> i & 1 == 1).map(|i| born[i])).unwrap());
            }
            next.sort_unstable();
            next.dedup();
            born = next;
        }
        assert_eq!(born.len(), 22);
        for &form in &born {
            let text = forms.display(form);
            assert_eq!(forms.parse(&text).unwrap(), form, "{text}");
        }
    }

    #[test]
    fn cgsuite_examples() {
        let mut forms = Forms::new();
        // *2 + *2 = {*3, *2} (CGSuite writes 2[2]); misère P (ONAG ch. 12).
        let two = forms.nimber(2);
        let sum = forms.sum(two, two).unwrap();
        assert_eq!(forms.display(sum), "*[32]");
        assert_eq!(forms.misere_value(sum), 0);
        assert_eq!(forms.display(FormId::ZERO), "*[0]");
        let twelve = forms.nimber(12);
        assert_eq!(forms.display(twelve), "*[&12;]");
        assert_eq!(forms.parse("*[&12;]").unwrap(), twelve);
        assert_eq!(forms.parse("*[1#]").unwrap(), FormId::ZERO);
        assert_eq!(forms.parse(" *[20] ").unwrap(), FormId::STAR); // {*2, 0} = *
    }

    #[test]
    fn malformed_forms_say_where() {
        let mut forms = Forms::new();
        for (text, says) in [
            ("2#", "'*['"),
            ("*[]", "at least one"),
            ("*[(21]", "')'"),
            ("*[2x]", "character 4"),
            ("*[2[-2]]", "no '-'"),
            ("*[2[2]", "subscript"),
            ("*[&x;]", "heap size between"),
            ("*[&99999999;]", "below 65536"),
        ] {
            let error = forms.parse(text).unwrap_err().to_string();
            assert!(error.contains(says), "{text}: {error}");
        }
    }
}
