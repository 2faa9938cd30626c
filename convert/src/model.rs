//! What the converter writes, in the DSL's terms: declarations with their arguments, the
//! comments and notes that go before them, and the blocks (`with_options`, `namespace`) that
//! hold them.

/// A value on the right of `key = `.
#[derive(Debug, Clone, PartialEq)]
pub enum Val {
    /// `"text"`
    Str(String),
    /// A bare word: `None`, `get`, `any`.
    Word(String),
    /// `[get, post]`
    Words(Vec<String>),
    /// Written as it is: `10`, `true`, `redirect("/posts")`, `regex("a|b")`.
    Raw(String),
}

/// What goes inside `key(...)`.
#[derive(Debug, Clone, PartialEq)]
pub enum Item {
    /// `index`
    Name(String),
    /// `id = "[0-9]+"`
    Assign(String, Val),
    /// `recent: get`
    Action(String, Val),
    /// `messages(replies)`
    Nested(String, Vec<Item>),
}

/// One argument of a declaration.
#[derive(Debug, Clone, PartialEq)]
pub enum Arg {
    /// A resource's or route's name: `articles`, `login`.
    Name(String),
    /// `"/login"`
    Pattern(String),
    /// `shallow`
    Flag(String),
    /// `controller = "sessions"`
    Assign(String, Val),
    /// `requirements(id = "[0-9]+")`
    Call(String, Vec<Item>),
}

impl Arg {
    /// The option's key, for `key = value` and `key(...)`.
    pub fn key(&self) -> Option<&str> {
        match self {
            Arg::Assign(key, _) | Arg::Call(key, _) | Arg::Flag(key) => Some(key),
            Arg::Name(_) | Arg::Pattern(_) => None,
        }
    }
}

/// `keyword(args) { block }`
#[derive(Debug, Clone, PartialEq)]
pub struct Decl {
    pub keyword: &'static str,
    pub args: Vec<Arg>,
    pub block: Option<Level>,
}

/// The declarations of one block, and the `with_options`/`namespace` blocks among them.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Level {
    pub entries: Vec<Entry>,
    pub containers: Vec<Container>,
}

/// A `with_options(...) { }` or `namespace(name) { }` that holds entries of a level. The
/// same container may be opened more than once, around the runs of entries it holds.
#[derive(Debug, Clone, PartialEq)]
pub struct Container {
    pub keyword: &'static str,
    pub args: Vec<Arg>,
}

/// Lines of comment and a declaration, in the containers `path` (outermost first, indices
/// into the level's containers).
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Entry {
    pub path: Vec<usize>,
    /// A blank line before it in the routes file.
    pub blank_before: bool,
    pub lines: Vec<Line>,
    pub decl: Option<Decl>,
    /// The Ruby the declaration comes from, for notes that name it.
    pub source: Option<Source>,
}

/// Where a declaration comes from: its line in the routes file and its call, on one line.
#[derive(Debug, Clone, PartialEq)]
pub struct Source {
    pub line: usize,
    pub ruby: String,
    /// The file it is in, when it is not the routes file itself (`draw :api`'s).
    pub file: Option<String>,
}

impl Source {
    /// `` `map.login 'login'` (line 4) ``, `` `get 'status'` (line 2 of api.rb) ``
    pub fn cite(&self) -> String {
        match &self.file {
            Some(file) => format!("`{}` (line {} of {file})", self.ruby, self.line),
            None => format!("`{}` (line {})", self.ruby, self.line),
        }
    }
}

/// A comment line before a declaration.
#[derive(Debug, Clone, PartialEq)]
pub enum Line {
    /// The routes file's own comment, without its `#`.
    Comment(String),
    /// `// NOTE: ...`: where the output differs from the Ruby, and why.
    Note(String),
    /// `// TODO: ...`: what could not be converted; the lines after it quote the Ruby.
    Todo(String),
}

/// Where an entry is: its index in the top level, then in the block of that entry's
/// declaration, and so on.
pub type Address = Vec<usize>;

impl Level {
    /// The entry at `address`.
    pub fn entry(&self, address: &[usize]) -> Option<&Entry> {
        let (&first, rest) = address.split_first()?;
        let entry = self.entries.get(first)?;
        if rest.is_empty() {
            return Some(entry);
        }
        entry.decl.as_ref()?.block.as_ref()?.entry(rest)
    }

    /// The entry at `address`, to change.
    pub fn entry_mut(&mut self, address: &[usize]) -> Option<&mut Entry> {
        let (&first, rest) = address.split_first()?;
        let entry = self.entries.get_mut(first)?;
        if rest.is_empty() {
            return Some(entry);
        }
        entry.decl.as_mut()?.block.as_mut()?.entry_mut(rest)
    }

    /// The level holding the entry at `address`.
    pub fn level_mut(&mut self, address: &[usize]) -> Option<&mut Level> {
        match address.split_last() {
            Some((_, [])) => Some(self),
            Some((_, outer)) => self.entry_mut(outer)?.decl.as_mut()?.block.as_mut(),
            None => None,
        }
    }

    /// Every entry of the level and of the blocks of its declarations.
    pub fn walk(&self) -> Vec<&Entry> {
        let mut all = Vec::new();
        for entry in &self.entries {
            all.push(entry);
            if let Some(block) = entry.decl.as_ref().and_then(|d| d.block.as_ref()) {
                all.extend(block.walk());
            }
        }
        all
    }
}
