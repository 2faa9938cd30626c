//! Every word of the DSL, written once: declaration keywords, option names, methods and
//! actions, and the lists that checks, messages and `did you mean` hints choose from.

// Declarations.
pub const RESOURCES: &str = "resources";
pub const RESOURCE: &str = "resource";
pub const NAMESPACE: &str = "namespace";
pub const NAMED: &str = "named";
pub const ROOT: &str = "root";
pub const CONNECT: &str = "connect";
pub const DEFAULT_URL_OPTIONS: &str = "default_url_options";
pub const RESOURCES_PATH_NAMES: &str = "resources_path_names";
pub const WITH_OPTIONS: &str = "with_options";

// Options of `resources` and `resource` (`namespace` and `new` are spelt as above and below).
pub const COLLECTION: &str = "collection";
pub const MEMBER: &str = "member";
pub const CONTROLLER: &str = "controller";
pub const SINGULAR: &str = "singular";
pub const REQUIREMENTS: &str = "requirements";
pub const CONDITIONS: &str = "conditions";
pub const AS: &str = "as";
pub const PATH_PREFIX: &str = "path_prefix";
pub const NAME_PREFIX: &str = "name_prefix";
pub const ONLY: &str = "only";
pub const EXCEPT: &str = "except";
pub const SHALLOW: &str = "shallow";
pub const PATH_NAMES: &str = "path_names";
pub const HAS_MANY: &str = "has_many";
pub const HAS_ONE: &str = "has_one";
pub const PARAM: &str = "param";
pub const TYPES: &str = "types";

// Options of `named`, `connect` and `root` (beside `controller`, `requirements`, ...).
pub const ACTION: &str = "action";
pub const VIA: &str = "via";
pub const DEFAULTS: &str = "defaults";

// Options of `default_url_options`.
pub const HOST: &str = "host";
pub const PROTOCOL: &str = "protocol";
pub const PORT: &str = "port";

// Methods, as `via`, `conditions(method = ...)` and custom actions write them.
pub const GET: &str = "get";
pub const POST: &str = "post";
pub const PUT: &str = "put";
pub const PATCH: &str = "patch";
pub const DELETE: &str = "delete";
/// The OPTIONS method, as `via` names it.
pub const OPTIONS: &str = "options";
pub const ANY: &str = "any";
pub const HEAD: &str = "head";

// The default actions, and the words `only(...)`/`except(...)` take for all or none of them.
pub const INDEX: &str = "index";
pub const CREATE: &str = "create";
pub const NEW: &str = "new";
pub const EDIT: &str = "edit";
pub const SHOW: &str = "show";
pub const UPDATE: &str = "update";
pub const DESTROY: &str = "destroy";
pub const ALL: &str = "all";
pub const NONE: &str = "none";

// Words with a meaning inside option values and patterns.
/// `name_prefix = None`.
pub const NO_PREFIX: &str = "None";
/// The condition key that sets a route's methods: `conditions(method = post)`.
pub const METHOD: &str = "method";
/// The member param of a resource, unless `param = "..."` renames it.
pub const ID: &str = "id";
/// The param name a pattern's `.:format` takes.
pub const FORMAT: &str = "format";

/// What `types(...)` cannot type: they are always text.
pub const UNTYPED: &[&str] = &[CONTROLLER, ACTION, FORMAT];

pub const KEYWORDS: &[&str] = &[
    RESOURCES,
    RESOURCE,
    NAMESPACE,
    NAMED,
    ROOT,
    CONNECT,
    DEFAULT_URL_OPTIONS,
    RESOURCES_PATH_NAMES,
    WITH_OPTIONS,
];

/// The declarations that take a `{ ... }` block.
pub const BLOCK_KEYWORDS: &[&str] = &[RESOURCES, RESOURCE, NAMESPACE, WITH_OPTIONS];

pub const RESOURCES_OPTIONS: &[&str] = &[
    COLLECTION,
    MEMBER,
    NEW,
    CONTROLLER,
    SINGULAR,
    REQUIREMENTS,
    CONDITIONS,
    AS,
    PATH_PREFIX,
    NAME_PREFIX,
    ONLY,
    EXCEPT,
    SHALLOW,
    PATH_NAMES,
    HAS_MANY,
    HAS_ONE,
    PARAM,
    NAMESPACE,
    TYPES,
];

/// Options of `resources` that mean nothing for `resource`.
pub const PLURAL_ONLY_OPTIONS: &[&str] = &[SINGULAR, SHALLOW, PARAM];

/// Options written as a bare word.
pub const FLAGS: &[&str] = &[SHALLOW];

/// Options of `named` and `root`.
pub const ROUTE_OPTIONS: &[&str] = &[
    CONTROLLER,
    ACTION,
    VIA,
    REQUIREMENTS,
    CONDITIONS,
    TYPES,
    DEFAULTS,
    PATH_PREFIX,
    NAME_PREFIX,
];

/// Options of `connect`, which has no name to prefix.
pub const CONNECT_OPTIONS: &[&str] = &[
    CONTROLLER,
    ACTION,
    VIA,
    REQUIREMENTS,
    CONDITIONS,
    TYPES,
    DEFAULTS,
    PATH_PREFIX,
];

/// Options that merge key by key when a `with_options` and a declaration inside both give
/// them.
pub const MERGED_OPTIONS: &[&str] = &[REQUIREMENTS, CONDITIONS, DEFAULTS, TYPES];

pub const URL_OPTIONS: &[&str] = &[HOST, PROTOCOL, PORT];

/// What `resources_path_names(...)` renames.
pub const GLOBAL_PATH_NAMES: &[&str] = &[NEW, EDIT];

pub const METHODS: &[&str] = &[GET, POST, PUT, PATCH, DELETE, OPTIONS, ANY];

pub const DEFAULT_ACTIONS: &[&str] = &[INDEX, CREATE, NEW, EDIT, SHOW, UPDATE, DESTROY];

pub const SINGLETON_ACTIONS: &[&str] = &[CREATE, NEW, EDIT, SHOW, UPDATE, DESTROY];

/// The words of one DSL that the other writes otherwise, with how, and what the other is
/// called.
#[derive(Clone, Copy)]
pub struct Foreign {
    /// `routes!` (Rails 2.3), or `draw!` (Rails 3 and later).
    pub dsl: &'static str,
    /// This DSL's macro, as the advice names it.
    pub here: &'static str,
    pub words: &'static [(&'static str, &'static str)],
}

impl Foreign {
    /// The message about `word` of the other DSL, if it is one.
    pub fn advice(&self, word: &str) -> Option<String> {
        let (_, advice) = self.words.iter().find(|(w, _)| *w == word)?;
        Some(format!(
            "`{word}` belongs to {}; in `{}`, {advice}",
            self.dsl, self.here
        ))
    }
}

/// The words of `routes!` (Rails 2.3) that `draw!` writes otherwise.
pub const ROUTES_IN_DRAW: Foreign = Foreign {
    dsl: "`routes!` (Rails 2.3)",
    here: "draw!",
    words: &[
        (
            NAMED,
            "a named route is `get(\"path\", to = \"controller#action\", as = \"name\")`",
        ),
        (
            CONNECT,
            "a route is `match(\"path\", to = \"controller#action\", via = [get, post])`",
        ),
        (
            WITH_OPTIONS,
            "options shared by routes are a `scope(...) { ... }`",
        ),
        (
            NAME_PREFIX,
            "a prefix of names is `as = \"...\"`, of a `scope` around the routes",
        ),
        (
            PATH_PREFIX,
            "a prefix of paths is a `scope(\"prefix\") { ... }` around the routes",
        ),
        (
            REQUIREMENTS,
            "what a segment takes is `constraints(id = \"[0-9]+\")`",
        ),
        (
            CONDITIONS,
            "the methods are `via = ...`, the request's properties `constraints(...)`",
        ),
        (
            HAS_MANY,
            "nested resources are declared in the resource's block",
        ),
        (
            HAS_ONE,
            "a nested `resource(...)` is declared in the resource's block",
        ),
        (
            SINGULAR,
            "a resource's singular comes from its name or `as = \"...\"`",
        ),
    ],
};

/// The words of `draw!` (Rails 3 and later) that `routes!` writes otherwise.
pub const DRAW_IN_ROUTES: Foreign = Foreign {
    dsl: "`draw!` (Rails 3 and later)",
    here: "routes!",
    words: &[
        (
            draw::GET,
            "write Rails 3 routes in `resourceful::draw!`, or here `named(NAME, \"path\", controller = \"...\", action = \"...\", via = get)`",
        ),
        (
            draw::POST,
            "write Rails 3 routes in `resourceful::draw!`, or here `named(...)` or `connect(...)` with `via = post`",
        ),
        (
            draw::PUT,
            "write Rails 3 routes in `resourceful::draw!`, or here `named(...)` or `connect(...)` with `via = put`",
        ),
        (
            draw::PATCH,
            "write Rails 3 routes in `resourceful::draw!`, or here `named(...)` or `connect(...)` with `via = patch`",
        ),
        (
            draw::DELETE,
            "write Rails 3 routes in `resourceful::draw!`, or here `named(...)` or `connect(...)` with `via = delete`",
        ),
        (
            draw::MATCH,
            "write Rails 3 routes in `resourceful::draw!`, or here `connect(\"path\", ...)`",
        ),
        (
            draw::SCOPE,
            "options shared by routes are a `with_options(...) { ... }`, a namespace `namespace(NAME) { ... }`",
        ),
        (
            draw::CONSTRAINTS,
            "what a segment takes is `requirements(id = \"[0-9]+\")`",
        ),
        (
            draw::CONCERN,
            "there are no concerns: declare the routes in each resource",
        ),
        (
            draw::CONCERNS,
            "there are no concerns: declare the routes in each resource",
        ),
        (
            draw::MOUNT,
            "mounts are `draw!`'s; nest a service beside the route set in your framework",
        ),
        (
            draw::TO,
            "the target is `controller = \"...\", action = \"...\"`",
        ),
        (draw::MODULE, "a namespace is `namespace(NAME) { ... }`"),
    ],
};

/// The words of `draw!`, the DSL of Rails 3 to 8, where they differ from `routes!`'s.
pub mod draw {
    pub use super::{
        ACTION, ALL, AS, CONTROLLER, CREATE, DEFAULTS, DESTROY, EDIT, EXCEPT, INDEX, NAMESPACE,
        NEW, ONLY, PARAM, PATH_NAMES, RESOURCE, RESOURCES, RESOURCES_PATH_NAMES, ROOT, SHALLOW,
        SHOW, TYPES, UNTYPED, UPDATE, VIA,
    };

    // Declarations.
    pub const GET: &str = "get";
    pub const POST: &str = "post";
    pub const PUT: &str = "put";
    pub const PATCH: &str = "patch";
    pub const DELETE: &str = "delete";
    pub const MATCH: &str = "match";
    pub const MOUNT: &str = "mount";
    pub const SCOPE: &str = "scope";
    pub const CONSTRAINTS: &str = "constraints";
    pub const CONCERN: &str = "concern";
    pub const CONCERNS: &str = "concerns";
    pub const COLLECTION: &str = "collection";
    pub const MEMBER: &str = "member";
    pub const NESTED: &str = "nested";
    pub const DEFAULT_URL_OPTIONS: &str = "default_url_options";

    // Options.
    pub const TO: &str = "to";
    pub const ON: &str = "on";
    pub const FORMAT: &str = "format";
    pub const PATH: &str = "path";
    pub const MODULE: &str = "module";
    pub const SHALLOW_PATH: &str = "shallow_path";
    pub const SHALLOW_PREFIX: &str = "shallow_prefix";
    /// `constraints(with = predicate)`.
    pub const WITH: &str = "with";
    /// `redirect("...")`, the value of `to`, and its `status = ...`.
    pub const REDIRECT: &str = "redirect";
    pub const STATUS: &str = "status";

    pub const KEYWORDS: &[&str] = &[
        ROOT,
        GET,
        POST,
        PUT,
        PATCH,
        DELETE,
        MATCH,
        MOUNT,
        RESOURCES,
        RESOURCE,
        NAMESPACE,
        SCOPE,
        CONSTRAINTS,
        DEFAULTS,
        CONTROLLER,
        CONCERN,
        CONCERNS,
        COLLECTION,
        MEMBER,
        NEW,
        NESTED,
        SHALLOW,
        DEFAULT_URL_OPTIONS,
        RESOURCES_PATH_NAMES,
    ];

    /// The declarations that take a `{ ... }` block.
    pub const BLOCK_KEYWORDS: &[&str] = &[
        RESOURCES,
        RESOURCE,
        NAMESPACE,
        SCOPE,
        CONSTRAINTS,
        DEFAULTS,
        CONTROLLER,
        CONCERN,
        COLLECTION,
        MEMBER,
        NEW,
        NESTED,
        SHALLOW,
    ];

    /// Options of `get`, `post`, `put`, `patch` and `delete`.
    pub const VERB_OPTIONS: &[&str] = &[
        TO,
        CONTROLLER,
        ACTION,
        AS,
        ON,
        CONSTRAINTS,
        TYPES,
        DEFAULTS,
        FORMAT,
        PATH,
    ];

    /// Options of `match`: the verb routes', and `via`.
    pub const MATCH_OPTIONS: &[&str] = &[
        TO,
        CONTROLLER,
        ACTION,
        AS,
        VIA,
        ON,
        CONSTRAINTS,
        TYPES,
        DEFAULTS,
        FORMAT,
        PATH,
    ];

    pub const ROOT_OPTIONS: &[&str] = &[
        TO,
        CONTROLLER,
        ACTION,
        AS,
        VIA,
        CONSTRAINTS,
        DEFAULTS,
        FORMAT,
    ];

    pub const MOUNT_OPTIONS: &[&str] = &[AS, VIA, CONSTRAINTS];

    pub const RESOURCES_OPTIONS: &[&str] = &[
        ONLY,
        EXCEPT,
        CONTROLLER,
        PATH,
        AS,
        PARAM,
        MODULE,
        SHALLOW,
        SHALLOW_PATH,
        SHALLOW_PREFIX,
        PATH_NAMES,
        CONSTRAINTS,
        TYPES,
        DEFAULTS,
        FORMAT,
        CONCERNS,
    ];

    pub const SCOPE_OPTIONS: &[&str] = &[
        PATH,
        MODULE,
        AS,
        CONTROLLER,
        ACTION,
        CONSTRAINTS,
        TYPES,
        DEFAULTS,
        FORMAT,
        SHALLOW,
        SHALLOW_PATH,
        SHALLOW_PREFIX,
        PATH_NAMES,
        ONLY,
        EXCEPT,
        VIA,
    ];

    pub const NAMESPACE_OPTIONS: &[&str] = &[
        PATH,
        MODULE,
        AS,
        CONSTRAINTS,
        TYPES,
        DEFAULTS,
        FORMAT,
        SHALLOW,
        SHALLOW_PATH,
        SHALLOW_PREFIX,
        PATH_NAMES,
        ONLY,
        EXCEPT,
    ];

    pub const DEFAULT_ACTIONS: &[&str] = &[INDEX, CREATE, NEW, EDIT, SHOW, UPDATE, DESTROY];

    pub const SINGLETON_ACTIONS: &[&str] = &[CREATE, NEW, EDIT, SHOW, UPDATE, DESTROY];
}
