//! The directory the repository browser serves, and the one way into it: [`Tree::resolve`],
//! which takes a path as the router gives it (a glob's value, percent-decoded, so `%2e%2e` is
//! `..`) and answers only for a directory or a regular file that lies under the root.
//!
//! A path is refused, before the file system is asked anything, unless it is relative and
//! made of plain names: no empty component (so no leading `/`), no `.` or `..`, no NUL, no
//! backslash. What it names is then resolved by the operating system (`canonicalize`, which
//! follows every symbolic link) and refused unless the result is still under the root, itself
//! canonicalised at start-up: a link inside the tree may point elsewhere in the tree, never
//! out of it. Whatever is neither a directory nor a regular file (a socket, a device, a FIFO)
//! is refused too. Every refusal looks the same to the caller: `None`.
//!
//! The check is made on the tree as it is when the request arrives: someone who can write
//! into the directory while it is served can swap a checked name for a link between the check
//! and the read. Serve a directory that only you can write to.

use std::fs::{self, File};
use std::io::{self, Read};
use std::path::{Component, Path, PathBuf};

/// The largest file the entry view shows as text: 1 MiB. A larger one gets a page saying so,
/// with a link to its raw download, which streams any size.
pub const ENTRY_LIMIT: u64 = 1024 * 1024;

/// The most entries read from one directory for its listing; past it the listing says that
/// some are left out.
pub const LISTING_LIMIT: usize = 10_000;

/// The served directory, canonicalised.
#[derive(Debug)]
pub struct Tree {
    root: PathBuf,
}

/// What a path names under the root, by its canonical location.
#[derive(Debug, PartialEq, Eq)]
pub enum Node {
    Dir(PathBuf),
    File { path: PathBuf, len: u64 },
}

/// One entry of a directory listing.
#[derive(Debug, PartialEq, Eq)]
pub struct Entry {
    pub name: String,
    pub dir: bool,
    pub len: u64,
}

/// A directory's entries: directories first, then files, each by name.
#[derive(Debug)]
pub struct Listing {
    pub entries: Vec<Entry>,
    /// Entries left out as they cannot be served: a link leading out of the tree, a socket,
    /// a name that is not UTF-8.
    pub unservable: usize,
    /// Entries left out past [`LISTING_LIMIT`].
    pub past_limit: usize,
}

/// A file's content for the entry view.
#[derive(Debug)]
pub enum Content {
    Text(String),
    /// Not UTF-8: shown only through the raw download.
    Binary,
    /// Over [`ENTRY_LIMIT`], of this many bytes.
    TooLarge(u64),
}

impl Tree {
    /// The tree rooted at `dir`, which must be a directory.
    ///
    /// # Errors
    ///
    /// A message naming `dir` when it does not exist, cannot be read, or is not a directory.
    pub fn open(dir: &Path) -> Result<Tree, String> {
        let root = fs::canonicalize(dir)
            .map_err(|error| format!("cannot open {}: {error}", dir.display()))?;
        if !root.is_dir() {
            return Err(format!("{} is not a directory", dir.display()));
        }
        Ok(Tree { root })
    }

    /// The canonical root.
    pub fn root(&self) -> &Path {
        &self.root
    }

    /// What `path` (`""` for the root, else names joined by `/`) names under the root, or
    /// `None` when it names nothing there that may be served.
    pub fn resolve(&self, path: &str) -> Option<Node> {
        let mut full = self.root.clone();
        if !path.is_empty() {
            for part in path.split('/') {
                if !is_plain(part) {
                    return None;
                }
                full.push(part);
            }
        }
        self.node(&full)
    }

    /// `full` resolved, if it stays under the root and is a directory or a regular file.
    fn node(&self, full: &Path) -> Option<Node> {
        let real = fs::canonicalize(full).ok()?;
        if !real.starts_with(&self.root) {
            return None;
        }
        // `real` holds no link any more: this is the thing itself.
        let meta = fs::metadata(&real).ok()?;
        if meta.is_dir() {
            Some(Node::Dir(real))
        } else if meta.is_file() {
            Some(Node::File {
                path: real,
                len: meta.len(),
            })
        } else {
            None
        }
    }

    /// The entries of `dir` (a [`Node::Dir`]'s path) that [`resolve`](Self::resolve) would
    /// serve under their names.
    ///
    /// # Errors
    ///
    /// When the directory cannot be read.
    pub fn list(&self, dir: &Path) -> io::Result<Listing> {
        let mut entries = Vec::new();
        let (mut unservable, mut past_limit) = (0, 0);
        for entry in fs::read_dir(dir)? {
            if entries.len() == LISTING_LIMIT {
                past_limit += 1;
                continue;
            }
            let Ok(name) = entry?.file_name().into_string() else {
                unservable += 1;
                continue;
            };
            let node = match is_plain(&name) {
                true => self.node(&dir.join(&name)),
                false => None,
            };
            match node {
                Some(Node::Dir(_)) => entries.push(Entry {
                    name,
                    dir: true,
                    len: 0,
                }),
                Some(Node::File { len, .. }) => entries.push(Entry {
                    name,
                    dir: false,
                    len,
                }),
                None => unservable += 1,
            }
        }
        entries.sort_by(|a, b| b.dir.cmp(&a.dir).then_with(|| a.name.cmp(&b.name)));
        Ok(Listing {
            entries,
            unservable,
            past_limit,
        })
    }
}

/// Whether `part` is one plain name: not empty, not `.` or `..`, without NUL or backslash,
/// and read by `Path` as one normal component.
fn is_plain(part: &str) -> bool {
    !part.is_empty()
        && part != "."
        && part != ".."
        && !part.contains(['\0', '\\', '/'])
        && matches!(
            Path::new(part).components().collect::<Vec<_>>()[..],
            [Component::Normal(_)]
        )
}

/// The text of the file at `path` (a [`Node::File`]'s), read up to [`ENTRY_LIMIT`].
///
/// # Errors
///
/// When the file cannot be opened or read.
pub fn read_text(path: &Path) -> io::Result<Content> {
    let file = File::open(path)?;
    let len = file.metadata()?.len();
    if len > ENTRY_LIMIT {
        return Ok(Content::TooLarge(len));
    }
    // The file may have grown since: read one byte past the limit to know.
    let mut bytes = Vec::new();
    file.take(ENTRY_LIMIT + 1).read_to_end(&mut bytes)?;
    if bytes.len() as u64 > ENTRY_LIMIT {
        return Ok(Content::TooLarge(bytes.len() as u64));
    }
    Ok(String::from_utf8(bytes).map_or(Content::Binary, Content::Text))
}

#[cfg(test)]
mod tests {
    use super::is_plain;

    #[test]
    fn only_plain_names_pass() {
        for name in ["README", "a.b", ".git", "..a", "a b", "café"] {
            assert!(is_plain(name), "{name}");
        }
        for name in ["", ".", "..", "a/b", "/", "a\\b", "a\0b"] {
            assert!(!is_plain(name), "{name:?}");
        }
    }
}
