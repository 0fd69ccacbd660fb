//! The little JSON the browser's storage holds: flat objects of strings, whole numbers, booleans, null
//! and lists of strings (the stored games and secrets earlier versions of the page wrote). Written by
//! hand instead of pulling a general JSON library into the page's wasm (about 75 KB of code for these
//! few objects). Anything else in an object (nested objects, fractions) is read past and ignored; text that is not
//! JSON is `None`, never a panic.

use std::collections::BTreeMap;

#[derive(Clone, Debug, PartialEq)]
pub enum Value {
    Text(String),
    /// A whole number (fractions and exponents are read as `Other`).
    Whole(i64),
    Bool(bool),
    Null,
    Texts(Vec<String>),
    /// Anything else: read past, not kept.
    Other,
}

/// A JSON object's members; `None` when the text is not one JSON object.
pub fn parse_object(text: &str) -> Option<BTreeMap<String, Value>> {
    let mut p = Parser { bytes: text.as_bytes(), pos: 0, depth: 0 };
    let value = p.object()?;
    p.space();
    (p.pos == p.bytes.len()).then_some(value)
}

/// A JSON object of these members, in order.
pub fn write_object(members: &[(&str, Value)]) -> String {
    let mut out = String::from("{");
    for (i, (key, value)) in members.iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        write_text(&mut out, key);
        out.push(':');
        match value {
            Value::Text(t) => write_text(&mut out, t),
            Value::Whole(n) => out.push_str(&n.to_string()),
            Value::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
            Value::Null | Value::Other => out.push_str("null"),
            Value::Texts(list) => {
                out.push('[');
                for (j, t) in list.iter().enumerate() {
                    if j > 0 {
                        out.push(',');
                    }
                    write_text(&mut out, t);
                }
                out.push(']');
            }
        }
    }
    out.push('}');
    out
}

fn write_text(out: &mut String, text: &str) {
    out.push('"');
    for c in text.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if (c as u32) < 0x20 => out.push_str(&format!("\\u{:04x}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
}

/// Nesting deeper than this is refused (a stack overflow is a panic too).
const MAX_DEPTH: u32 = 32;

struct Parser<'a> {
    bytes: &'a [u8],
    pos: usize,
    depth: u32,
}

impl Parser<'_> {
    fn space(&mut self) {
        while self.bytes.get(self.pos).is_some_and(|b| b.is_ascii_whitespace()) {
            self.pos += 1;
        }
    }
    fn eat(&mut self, byte: u8) -> bool {
        self.space();
        let hit = self.bytes.get(self.pos) == Some(&byte);
        if hit {
            self.pos += 1;
        }
        hit
    }
    fn word(&mut self, word: &str) -> bool {
        let hit = self.bytes[self.pos..].starts_with(word.as_bytes());
        if hit {
            self.pos += word.len();
        }
        hit
    }

    fn object(&mut self) -> Option<BTreeMap<String, Value>> {
        self.depth += 1;
        if self.depth > MAX_DEPTH || !self.eat(b'{') {
            return None;
        }
        let mut members = BTreeMap::new();
        if !self.eat(b'}') {
            loop {
                self.space();
                let key = self.text()?;
                if !self.eat(b':') {
                    return None;
                }
                let value = self.value()?;
                members.insert(key, value);
                if self.eat(b'}') {
                    break;
                }
                if !self.eat(b',') {
                    return None;
                }
            }
        }
        self.depth -= 1;
        Some(members)
    }

    fn value(&mut self) -> Option<Value> {
        self.space();
        match *self.bytes.get(self.pos)? {
            b'"' => self.text().map(Value::Text),
            b'{' => self.object().map(|_| Value::Other),
            b'[' => self.list(),
            b't' => self.word("true").then_some(Value::Bool(true)),
            b'f' => self.word("false").then_some(Value::Bool(false)),
            b'n' => self.word("null").then_some(Value::Null),
            _ => self.number(),
        }
    }

    fn list(&mut self) -> Option<Value> {
        self.depth += 1;
        if self.depth > MAX_DEPTH || !self.eat(b'[') {
            return None;
        }
        let mut texts = Some(Vec::new());
        if !self.eat(b']') {
            loop {
                match self.value()? {
                    Value::Text(t) => texts.as_mut().map(|l| l.push(t)),
                    _ => texts.take().map(|_| ()),
                };
                if self.eat(b']') {
                    break;
                }
                if !self.eat(b',') {
                    return None;
                }
            }
        }
        self.depth -= 1;
        Some(texts.map_or(Value::Other, Value::Texts))
    }

    fn number(&mut self) -> Option<Value> {
        let start = self.pos;
        while self.bytes.get(self.pos).is_some_and(|b| b"+-0123456789.eE".contains(b)) {
            self.pos += 1;
        }
        let text = std::str::from_utf8(&self.bytes[start..self.pos]).ok()?;
        if text.is_empty() {
            return None;
        }
        Some(text.parse::<i64>().map_or(Value::Other, Value::Whole))
    }

    fn text(&mut self) -> Option<String> {
        if self.bytes.get(self.pos) != Some(&b'"') {
            return None;
        }
        self.pos += 1;
        let mut out = String::new();
        loop {
            let start = self.pos;
            while self.bytes.get(self.pos).is_some_and(|&b| b != b'"' && b != b'\\') {
                self.pos += 1;
            }
            out.push_str(std::str::from_utf8(&self.bytes[start..self.pos]).ok()?);
            match *self.bytes.get(self.pos)? {
                b'"' => {
                    self.pos += 1;
                    return Some(out);
                }
                _ => {
                    self.pos += 1;
                    let escaped = *self.bytes.get(self.pos)?;
                    self.pos += 1;
                    match escaped {
                        b'"' => out.push('"'),
                        b'\\' => out.push('\\'),
                        b'/' => out.push('/'),
                        b'b' => out.push('\u{8}'),
                        b'f' => out.push('\u{c}'),
                        b'n' => out.push('\n'),
                        b'r' => out.push('\r'),
                        b't' => out.push('\t'),
                        b'u' => out.push(self.unicode()?),
                        _ => return None,
                    }
                }
            }
        }
    }

    fn hex4(&mut self) -> Option<u32> {
        let digits = self.bytes.get(self.pos..self.pos + 4)?;
        self.pos += 4;
        u32::from_str_radix(std::str::from_utf8(digits).ok()?, 16).ok()
    }

    fn unicode(&mut self) -> Option<char> {
        let first = self.hex4()?;
        if (0xD800..0xDC00).contains(&first) {
            if !self.word("\\u") {
                return Some('\u{fffd}');
            }
            let second = self.hex4()?;
            let code = 0x10000 + ((first - 0xD800) << 10) + (second.checked_sub(0xDC00)? & 0x3ff);
            return Some(char::from_u32(code).unwrap_or('\u{fffd}'));
        }
        Some(char::from_u32(first).unwrap_or('\u{fffd}'))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn objects_round_trip() {
        let members = [
            ("id", Value::Text("00000000aa".into())),
            ("name", Value::Text("quote \" backslash \\ newline \n é ☃".into())),
            ("plies", Value::Whole(42)),
            ("seat", Value::Null),
            ("seatNames", Value::Texts(vec!["White".into(), "Black".into()])),
            ("ok", Value::Bool(true)),
        ];
        let text = write_object(&members);
        let back = parse_object(&text).expect("own JSON");
        for (key, value) in members {
            assert_eq!(back.get(key), Some(&value), "{key} in {text}");
        }
    }

    #[test]
    fn what_browsers_wrote_reads_and_garbage_is_none() {
        let browser =
            r#" { "a" : "x\u00e9\ud83d\ude00", "n": -3, "f": 1.5, "o": {"deep": [1, {"x": null}]}, "l": [] } "#;
        let m = parse_object(browser).expect("valid JSON");
        assert_eq!(m.get("a"), Some(&Value::Text("xé😀".into())));
        assert_eq!(m.get("n"), Some(&Value::Whole(-3)));
        assert_eq!(m.get("f"), Some(&Value::Other));
        assert_eq!(m.get("o"), Some(&Value::Other));
        assert_eq!(m.get("l"), Some(&Value::Texts(vec![])));
        for bad in
            ["", "{", "{not json", "[1]", "{\"a\":}", "{\"a\":1}x", "{\"a\":\"\\q\"}", "{\"a\":\"\\ud800\\u0041\"}"]
        {
            assert_eq!(parse_object(bad), None, "{bad}");
        }
        let deep = format!("{}{}", "{\"a\":".repeat(100), "1".to_string() + &"}".repeat(100));
        assert_eq!(parse_object(&deep), None, "too deep, refused without a stack overflow");
    }

    #[test]
    fn control_characters_are_escaped_and_a_space_is_not() {
        let text = write_object(&[("t", Value::Text("a b\u{1}\u{1f}".into()))]);
        assert_eq!(text, r#"{"t":"a b\u0001\u001f"}"#);
        assert_eq!(parse_object(&text).and_then(|m| m.get("t").cloned()), Some(Value::Text("a b\u{1}\u{1f}".into())));
        assert_eq!(parse_object(r#"{"f":false}"#).and_then(|m| m.get("f").cloned()), Some(Value::Bool(false)));
    }

    #[test]
    fn every_escape_a_browser_may_write_reads_as_its_character() {
        let m = parse_object(r#"{"e":"\"\\\/\b\f\n\r\t\u0041"}"#).expect("valid JSON");
        assert_eq!(m.get("e"), Some(&Value::Text("\"\\/\u{8}\u{c}\n\r\tA".into())));
        let tabs = write_object(&[("t", Value::Text("\t\r".into()))]);
        assert_eq!(tabs, r#"{"t":"\t\r"}"#);
    }

    #[test]
    fn nesting_is_counted_by_depth_not_by_how_many() {
        // Exactly the deepest nesting allowed, in objects and in lists.
        let objects = format!(
            "{}{}",
            "{\"a\":".repeat(MAX_DEPTH as usize - 1),
            "{}".to_string() + &"}".repeat(MAX_DEPTH as usize - 1)
        );
        assert!(parse_object(&objects).is_some(), "{MAX_DEPTH} levels of objects");
        let lists = format!("{{\"a\":{}1{}}}", "[".repeat(MAX_DEPTH as usize - 1), "]".repeat(MAX_DEPTH as usize - 1));
        assert!(parse_object(&lists).is_some(), "an object and {} lists", MAX_DEPTH - 1);
        let one_more = format!("{{\"a\":{}1{}}}", "[".repeat(MAX_DEPTH as usize), "]".repeat(MAX_DEPTH as usize));
        assert_eq!(parse_object(&one_more), None);
        // Many members side by side are not deep.
        let wide = format!("{{{}}}", (0..100).map(|i| format!("\"k{i}\":{{\"x\":[1]}}")).collect::<Vec<_>>().join(","));
        assert_eq!(parse_object(&wide).map(|m| m.len()), Some(100));
    }
}
