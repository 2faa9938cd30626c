//! The declarations that hold for the whole route set, once, at the top level:
//! `default_url_options` and `resources_path_names`.

use syn::Ident;

use super::Lowering;
use crate::model::UrlOptions;
use crate::parse::{Arg, Stmt, Value};
use crate::resources::Scope;
use crate::symbol::{GLOBAL_PATH_NAMES, HOST, PORT, PROTOCOL, RESOURCES_PATH_NAMES, URL_OPTIONS};

impl Lowering<'_> {
    /// `resources_path_names(new = "...", edit = "...")` holds for every resource wherever it
    /// is declared, as Rails' global setting does; its place is checked by `check_global`.
    pub(super) fn resources_path_names(&mut self, stmts: &[Stmt]) -> Vec<(String, String)> {
        let mut path_names = Vec::new();
        for stmt in stmts.iter().filter(|s| s.keyword == RESOURCES_PATH_NAMES) {
            let args = self.read.args(stmt, GLOBAL_PATH_NAMES, &[], &[]);
            for name in args.names {
                self.error(name.span(), "expected `new = \"...\"` or `edit = \"...\"`");
            }
            self.read.no_patterns(&stmt.keyword, &args.patterns);
            if stmt.args.is_empty() {
                self.error(
                    stmt.keyword.span(),
                    "`resources_path_names` needs `new = \"...\"` or `edit = \"...\"`",
                );
            }
            path_names.clear();
            for arg in args.options.args {
                let Some(lit) = self.read.string(arg) else {
                    continue;
                };
                if let Some(segment) = self.read.path_name_segment(&lit) {
                    let action = arg.key().map(Ident::to_string).unwrap_or_default();
                    path_names.push((action, segment));
                }
            }
        }
        path_names
    }

    /// `default_url_options` and `resources_path_names` belong at the top, once.
    pub(super) fn check_global(&mut self, stmt: &Stmt, scope: &Scope) -> bool {
        let keyword = stmt.keyword.to_string();
        if !scope.top_level {
            self.error(
                stmt.keyword.span(),
                format!("`{keyword}` applies to the whole route set: declare it at the top level"),
            );
            return false;
        }
        if !self.seen_globals.insert(keyword.clone()) {
            self.error(
                stmt.keyword.span(),
                format!("`{keyword}` is declared twice"),
            );
            return false;
        }
        true
    }

    pub(super) fn default_url_options(&mut self, stmt: &Stmt, scope: &Scope) {
        if !self.check_global(stmt, scope) {
            return;
        }
        let args = self.read.args(stmt, URL_OPTIONS, &[], &[]);
        for name in args.names {
            self.error(
                name.span(),
                "expected `host = \"...\"`, `protocol = \"...\"` or `port = N`",
            );
        }
        self.read.no_patterns(&stmt.keyword, &args.patterns);
        let options = args.options;
        let host = options.get(HOST).and_then(|a| self.read.string(a));
        let protocol = options.get(PROTOCOL).and_then(|a| self.read.string(a));
        let port = options.get(PORT).and_then(|arg| match arg {
            Arg::Assign(_, Value::Int(lit)) => match lit.base10_parse::<u16>() {
                Ok(port) => Some(port),
                Err(_) => {
                    self.error(lit.span(), "a port is a number from 0 to 65535");
                    None
                }
            },
            _ => {
                self.error(arg.span(), "`port` takes a number: `port = 8080`");
                None
            }
        });
        let Some(host) = host else {
            // Not when a misspelt option may be the host: its own error says so.
            let misspelt = stmt
                .args
                .iter()
                .any(|a| a.key().is_some_and(|k| !URL_OPTIONS.iter().any(|o| k == o)));
            if options.get(HOST).is_none() && !misspelt {
                self.error(
                    stmt.keyword.span(),
                    "`default_url_options` needs `host = \"...\"`",
                );
            }
            return;
        };
        if host.value().is_empty() || host.value().contains(['/', ' ']) {
            self.error(host.span(), "a host is a name such as `\"example.com\"`");
            return;
        }
        let protocol = protocol.map(|p| {
            let p = p.value();
            p.strip_suffix("://").unwrap_or(&p).to_owned()
        });
        self.build.set_url_options(UrlOptions {
            host: host.value(),
            protocol,
            port,
        });
    }
}
