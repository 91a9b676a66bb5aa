//! Reading an engine's command line (`python3 "my bot.py" --fast`) into a program and arguments.

use super::EngineCommand;

impl EngineCommand {
    /// Reads a command line with shell-like quoting: words are separated by spaces; `'…'` keeps
    /// everything inside as it is; `"…"` keeps everything but `\"` and `\\`; outside quotes a
    /// backslash keeps the next character. No variables, globs or pipes. The error names what is
    /// wrong and quotes the text.
    pub fn parse(text: &str) -> Result<EngineCommand, String> {
        let mut words: Vec<String> = Vec::new();
        let mut word = String::new();
        let mut in_word = false;
        let mut chars = text.chars();
        while let Some(c) = chars.next() {
            match c {
                c if c.is_whitespace() => {
                    if in_word {
                        words.push(std::mem::take(&mut word));
                        in_word = false;
                    }
                }
                '\'' => {
                    in_word = true;
                    loop {
                        match chars.next() {
                            Some('\'') => break,
                            Some(c) => word.push(c),
                            None => return Err(format!("`{text}`: a single quote is not closed")),
                        }
                    }
                }
                '"' => {
                    in_word = true;
                    loop {
                        match chars.next() {
                            Some('"') => break,
                            Some('\\') => match chars.next() {
                                Some(c @ ('"' | '\\')) => word.push(c),
                                Some(c) => {
                                    word.push('\\');
                                    word.push(c);
                                }
                                None => {
                                    return Err(format!("`{text}`: a double quote is not closed"))
                                }
                            },
                            Some(c) => word.push(c),
                            None => return Err(format!("`{text}`: a double quote is not closed")),
                        }
                    }
                }
                '\\' => {
                    in_word = true;
                    match chars.next() {
                        Some(c) => word.push(c),
                        None => return Err(format!("`{text}`: a backslash ends the line")),
                    }
                }
                c => {
                    in_word = true;
                    word.push(c);
                }
            }
        }
        if in_word {
            words.push(word);
        }
        let mut words = words.into_iter();
        let Some(program) = words.next() else {
            return Err(format!("`{text}`: an engine command needs a program"));
        };
        Ok(EngineCommand {
            program,
            args: words.collect(),
            env: Vec::new(),
        })
    }

    /// The same command with `name` set to `value` in its environment (replacing an earlier
    /// value of `name`).
    pub fn with_env(mut self, name: &str, value: &str) -> EngineCommand {
        self.env.retain(|(n, _)| n != name);
        self.env.push((name.to_owned(), value.to_owned()));
        self
    }

    /// The command line written back, quoting words that need it (for messages and logs).
    pub fn display(&self) -> String {
        std::iter::once(&self.program)
            .chain(&self.args)
            .map(|w| quote(w))
            .collect::<Vec<_>>()
            .join(" ")
    }
}

/// One word, quoted when it holds anything a reader would split or unquote.
fn quote(word: &str) -> String {
    if !word.is_empty()
        && !word
            .chars()
            .any(|c| c.is_whitespace() || matches!(c, '\'' | '"' | '\\'))
    {
        word.to_owned()
    } else {
        format!("'{}'", word.replace('\'', r"'\''"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(text: &str) -> Vec<String> {
        let c = EngineCommand::parse(text).unwrap();
        std::iter::once(c.program).chain(c.args).collect()
    }

    #[test]
    fn words_are_split_at_spaces_and_quotes_keep_them_together() {
        assert_eq!(words("muster engine"), ["muster", "engine"]);
        assert_eq!(
            words(r#"  python3 "my bot.py"   --name 'a "b"' c\ d "e\"f" "#),
            ["python3", "my bot.py", "--name", "a \"b\"", "c d", "e\"f"]
        );
        assert_eq!(words("x ''"), ["x", ""]);
    }

    #[test]
    fn a_bad_command_line_is_refused_with_its_text() {
        for bad in ["", "   ", "bot 'open", "bot \"open", "bot \\"] {
            let e = EngineCommand::parse(bad).unwrap_err();
            assert!(e.contains(&format!("`{bad}`")), "{e}");
        }
    }

    #[test]
    fn display_reads_back_as_the_same_command() {
        let c = EngineCommand::parse(r#"python3 "my bot.py" 'it''s' --x"#).unwrap();
        assert_eq!(EngineCommand::parse(&c.display()).unwrap(), c);
    }
}
