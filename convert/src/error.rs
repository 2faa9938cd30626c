//! What stops a conversion: a file that is not Ruby, or Ruby that is not a Rails 2 routes
//! file.

use std::fmt;

/// Why a file could not be converted at all. (What can be converted only in part is a
/// `// TODO:` in the output instead, counted in [`Conversion::todos`](crate::Conversion).)
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ConvertError {
    /// The file is not valid Ruby: the parser's first error, at a 1-based line and column.
    Ruby {
        /// The line of the error, from 1.
        line: usize,
        /// The column of the error, from 1, in bytes.
        column: usize,
        /// What the parser says.
        message: String,
    },
    /// Valid Ruby without the `ActionController::Routing::Routes.draw do |map| ... end` of a
    /// Rails 2 routes file.
    NotRoutes(String),
}

impl fmt::Display for ConvertError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ConvertError::Ruby {
                line,
                column,
                message,
            } => write!(f, "line {line}, column {column}: not valid Ruby: {message}"),
            ConvertError::NotRoutes(why) => write!(f, "not a Rails 2 routes file: {why}"),
        }
    }
}

impl std::error::Error for ConvertError {}
