//! What stops a conversion: a file that is not Ruby, or Ruby that is not a Rails routes file.

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
    /// Valid Ruby without the draw block of a routes file (`Rails.application.routes.draw do
    /// ... end`, or Rails 2's `ActionController::Routing::Routes.draw do |map| ... end`).
    NotRoutes(String),
    /// The file could not be read.
    Read(String),
    /// The file is larger than any routes file, [`MAX_LEN`](crate::MAX_LEN) bytes.
    TooLarge {
        /// Its size.
        bytes: usize,
    },
    /// The file is not UTF-8, from this line (from 1).
    NotUtf8 {
        /// The first line that is not.
        line: usize,
    },
}

impl fmt::Display for ConvertError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ConvertError::Ruby {
                line,
                column,
                message,
            } => write!(f, "line {line}, column {column}: not valid Ruby: {message}"),
            ConvertError::NotRoutes(why) => write!(f, "not a Rails routes file: {why}"),
            ConvertError::Read(why) => write!(f, "{why}"),
            ConvertError::TooLarge { bytes } => write!(
                f,
                "{bytes} bytes, more than the {} a routes file may hold",
                crate::MAX_LEN
            ),
            ConvertError::NotUtf8 { line } => write!(
                f,
                "line {line}: not UTF-8; convert the file first (for example `iconv -f latin1 -t \
                 utf-8`)"
            ),
        }
    }
}

impl std::error::Error for ConvertError {}
