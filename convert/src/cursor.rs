//! Where a reader is in the routes file: which comments are placed, where the last statement
//! ended (for blank lines), and the Ruby a note or a to-do quotes. Both dialects' readers walk
//! the file through one.

use lib_ruby_parser::Node;

use crate::ruby::{self, Source};

pub struct Cursor<'s> {
    pub source: &'s Source<'s>,
    /// The first comment not yet placed.
    next_comment: usize,
    /// Where the last statement read ends.
    pub last_end: usize,
}

/// A statement quoted whole, with the comments before it.
pub struct Quoted {
    pub comments: Vec<String>,
    pub blank_before: bool,
    pub line: usize,
    /// The statement's text, its lines below the first unindented by its first line's column.
    pub ruby: String,
}

impl<'s> Cursor<'s> {
    pub fn new(source: &'s Source<'s>) -> Self {
        Cursor {
            source,
            next_comment: 0,
            last_end: 0,
        }
    }

    pub fn text(&self) -> &'s str {
        self.source.text
    }

    pub fn line(&self, node: &Node) -> usize {
        self.source.line_col(node.expression().begin).0
    }

    /// A statement quoted whole (for a to-do); the comments inside it stay in the quote.
    pub fn quote(&mut self, node: &Node) -> Quoted {
        let loc = node.expression();
        let (comments, blank_before) = self.before(loc.begin);
        self.skip_comments_to(loc.end);
        let (line, column) = self.source.line_col(loc.begin);
        // The quote keeps the statement's own indentation below its first line.
        let text = ruby::source(self.text(), node);
        let ruby = text
            .lines()
            .enumerate()
            .map(|(i, l)| {
                let indent = l.len() - l.trim_start_matches([' ', '\t']).len();
                if i == 0 {
                    l
                } else {
                    &l[indent.min(column - 1)..]
                }
            })
            .collect::<Vec<_>>()
            .join("\n");
        self.last_end = self.last_end.max(loc.end);
        Quoted {
            comments,
            blank_before,
            line,
            ruby,
        }
    }

    /// Comments up to `end` are inside a statement already quoted.
    pub fn skip_comments_to(&mut self, end: usize) {
        while self
            .source
            .comments
            .get(self.next_comment)
            .is_some_and(|c| c.start < end)
        {
            self.next_comment += 1;
        }
    }

    /// The call and its first argument, on one line, which say which declaration a note is
    /// about.
    pub fn quote_call(&self, node: &Node) -> String {
        let call = ruby::source(self.text(), node)
            .split(", ")
            .next()
            .unwrap_or("");
        let call = call.lines().next().unwrap_or("");
        call.split_whitespace().collect::<Vec<_>>().join(" ")
    }

    /// The comments before a statement without a block, those inside it, and one that
    /// follows it on its last line.
    pub fn leaf_comments(&mut self, node: &Node) -> (Vec<String>, bool) {
        let end = node.expression().end;
        let (mut comments, blank_before) = self.before(end);
        if let Some(range) = self.source.comments.get(self.next_comment)
            && !self
                .text()
                .get(end..range.start)
                .unwrap_or("\n")
                .contains('\n')
        {
            let (trailing, _) = self.before(range.end);
            comments.extend(trailing);
        }
        (comments, blank_before)
    }

    /// The comments not yet placed that start before `at`, and whether a blank line comes
    /// before them (or before `at`) since the last statement.
    pub fn before(&mut self, at: usize) -> (Vec<String>, bool) {
        let text = self.text();
        let mut comments = Vec::new();
        let mut first = at;
        while let Some(range) = self.source.comments.get(self.next_comment) {
            if range.start >= at {
                break;
            }
            first = first.min(range.start);
            let comment = text.get(range.clone()).unwrap_or("");
            if let Some(rest) = comment.strip_prefix('#') {
                comments.push(rest.trim_end().to_owned());
            } else {
                // `=begin ... =end`
                comments.extend(
                    comment
                        .lines()
                        .filter(|l| !l.starts_with("=begin") && !l.starts_with("=end"))
                        .map(|l| format!(" {}", l.trim_end())),
                );
            }
            self.next_comment += 1;
        }
        let gap = text.get(self.last_end.min(first)..first).unwrap_or("");
        let blank = gap
            .split('\n')
            .skip(1)
            .collect::<Vec<_>>()
            .split_last()
            .is_some_and(|(_, middle)| middle.iter().any(|l| l.trim().is_empty()));
        self.last_end = self.last_end.max(first);
        (comments, blank)
    }
}
