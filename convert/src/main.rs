//! `resourceful-convert ROUTES.RB`: prints the `routes!` invocation of a Rails 2.x routes
//! file. Exits 0 when everything converted, 2 when the output holds `// TODO:`s to review,
//! 1 when the file could not be read or is not a Rails 2 routes file.

use std::io::Read;
use std::process::ExitCode;

const USAGE: &str = "\
usage: resourceful-convert ROUTES.RB   (or - for standard input)

Prints the resourceful routes! invocation of a Rails 2.x config/routes.rb.
`// NOTE:` lines say where the output differs from the Ruby, and why;
`// TODO:` lines quote Ruby that was not converted.
Exit status: 0 converted, 2 converted with TODOs to review, 1 not converted.";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let path = match args.as_slice() {
        [flag] if flag == "-h" || flag == "--help" => {
            println!("{USAGE}");
            return ExitCode::SUCCESS;
        }
        [path] => path,
        _ => {
            eprintln!("{USAGE}");
            return ExitCode::from(1);
        }
    };
    let bytes = if path == "-" {
        let mut bytes = Vec::new();
        std::io::stdin().read_to_end(&mut bytes).map(|_| bytes)
    } else {
        std::fs::read(path)
    };
    let bytes = match bytes {
        Ok(bytes) => bytes,
        Err(e) => {
            eprintln!("resourceful-convert: {path}: {e}");
            return ExitCode::from(1);
        }
    };
    let ruby = match String::from_utf8(bytes) {
        Ok(ruby) => ruby,
        Err(e) => {
            let valid = &e.as_bytes()[..e.utf8_error().valid_up_to()];
            let line = valid.iter().filter(|&&b| b == b'\n').count() + 1;
            eprintln!(
                "resourceful-convert: {path}: line {line}: not UTF-8; convert the file first \
                 (for example `iconv -f latin1 -t utf-8`)"
            );
            return ExitCode::from(1);
        }
    };
    let name = match path.as_str() {
        "-" => "standard input".into(),
        path => std::path::Path::new(path)
            .file_name()
            .map_or_else(|| path.into(), |n| n.to_string_lossy())
            .replace(['\n', '\r'], " "),
    };
    match resourceful_convert::convert(&ruby, &name) {
        Ok(converted) => {
            print!("{}", converted.text);
            eprintln!(
                "resourceful-convert: {} declarations, {} notes, {} to-dos{}",
                converted.declarations,
                converted.notes,
                converted.todos,
                if converted.needs_review() {
                    ": the output needs review"
                } else {
                    ""
                }
            );
            if converted.needs_review() {
                ExitCode::from(2)
            } else {
                ExitCode::SUCCESS
            }
        }
        Err(e) => {
            eprintln!("resourceful-convert: {path}: {e}");
            ExitCode::from(1)
        }
    }
}
