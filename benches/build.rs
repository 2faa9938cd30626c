//! Writes the scaling tables of `recognize.rs`: route sets of 10, 100, 1,000 and 10,000 routes,
//! each one `routes!` invocation, so that they are recognised by the code the macro generates,
//! as a user's table is. Routes come five to a resource, as `resources(NAME, only(index,
//! create, new, show, edit))` lays them out, but declared with `connect`: the same recogniser,
//! without the 48,000 helpers that 10,000 named routes would make rustc check.

use std::fmt::Write;
use std::path::PathBuf;

/// The sizes of the scaling tables.
const SIZES: [usize; 4] = [10, 100, 1_000, 10_000];

/// The five routes of a resource: path suffix, method, action.
const SHAPES: [(&str, &str, &str); 5] = [
    ("", "get", "index"),
    ("", "post", "create"),
    ("/new", "get", "new"),
    ("/:id", "get", "show"),
    ("/:id/edit", "get", "edit"),
];

fn table(routes: usize) -> String {
    let mut out = String::from("resourceful::routes! {\n");
    for i in 0..routes {
        let (suffix, method, action) = SHAPES[i % SHAPES.len()];
        let resource = format!("resource{}", i / SHAPES.len());
        writeln!(
            out,
            "    connect(\"/{resource}{suffix}\", controller = \"{resource}\", \
             action = \"{action}\", via = {method});"
        )
        .unwrap();
    }
    out.push_str("}\n");
    out
}

fn main() {
    println!("cargo::rerun-if-changed=build.rs");
    let out = PathBuf::from(std::env::var_os("OUT_DIR").expect("cargo sets OUT_DIR"));
    for size in SIZES {
        let file = out.join(format!("scaling_{size}.rs"));
        let text = table(size);
        // Unchanged tables keep their timestamp, so that rustc is not asked to redo them.
        if std::fs::read_to_string(&file).ok().as_deref() != Some(text.as_str()) {
            std::fs::write(&file, text).expect("OUT_DIR is writable");
        }
    }
}
