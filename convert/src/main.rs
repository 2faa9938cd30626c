//! `resourceful-convert ROUTES.RB`: prints the `draw!` (Rails 3 to 8) or `routes!` (Rails 2)
//! invocation of a Rails routes file; `--routes-listing FILE` reads the output of `bin/rails
//! routes` instead. Exits 0 when everything converted, 2 when the output holds `// TODO:`s to
//! review, 1 when nothing could be converted.

use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use resourceful_convert::{Context, Conversion, ConvertError};

const USAGE: &str = "\
usage: resourceful-convert [--app DIR] config/routes.rb    (or - for standard input)
       resourceful-convert --routes-listing FILE           (or - for standard input)

Prints the resourceful invocation of a Rails application's routes: draw! for Rails 3 to 8,
routes! for Rails 2. `draw :name` reads config/routes/name.rb beside the file.

  --app DIR              the application's root (by default the directory above config/):
                         Devise's models are read from DIR/app/models, and the actions of
                         DIR/app/controllers are declared for Rails' default route
  --routes-listing FILE  reads what `bin/rails routes` (or `--expanded`) printed for the
                         application, which Rails computed with its Ruby, and writes a flat
                         draw! routing every listed route as the application does

`// NOTE:` lines say where the output differs from the Ruby, and why;
`// TODO:` lines quote Ruby that was not converted, for a person to mend.
Exit status: 0 converted, 2 converted with TODOs to review, 1 not converted.";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mut app: Option<PathBuf> = None;
    let mut listing = false;
    let mut files: Vec<&str> = Vec::new();
    let mut iter = args.iter();
    while let Some(arg) = iter.next() {
        match arg.as_str() {
            "-h" | "--help" => {
                println!("{USAGE}");
                return ExitCode::SUCCESS;
            }
            "--app" => match iter.next() {
                Some(dir) => app = Some(PathBuf::from(dir)),
                None => return usage(),
            },
            "--routes-listing" => listing = true,
            flag if flag.starts_with("--") => return usage(),
            file => files.push(file),
        }
    }
    let [path] = files.as_slice() else {
        return usage();
    };
    let path = *path;
    let converted = if listing {
        read(path).and_then(|text| resourceful_convert::convert_listing(&text, &name(path)))
    } else if path == "-" {
        let context = Context {
            dir: None,
            app: app.clone(),
        };
        read(path)
            .and_then(|ruby| resourceful_convert::convert_with(&ruby, "standard input", &context))
    } else {
        resourceful_convert::convert_file(Path::new(path), app.as_deref())
    };
    report(path, converted)
}

fn usage() -> ExitCode {
    eprintln!("{USAGE}");
    ExitCode::from(1)
}

/// The file's text, or standard input's for `-`.
fn read(path: &str) -> Result<String, ConvertError> {
    let bytes = if path == "-" {
        let mut bytes = Vec::new();
        std::io::stdin().read_to_end(&mut bytes).map(|_| bytes)
    } else {
        std::fs::read(path)
    }
    .map_err(|e| ConvertError::Read(e.to_string()))?;
    String::from_utf8(bytes).map_err(|e| {
        let valid = &e.as_bytes()[..e.utf8_error().valid_up_to()];
        ConvertError::NotUtf8 {
            line: valid.iter().filter(|&&b| b == b'\n').count() + 1,
        }
    })
}

fn name(path: &str) -> String {
    match path {
        "-" => "standard input".into(),
        path => Path::new(path)
            .file_name()
            .map_or_else(|| path.into(), |n| n.to_string_lossy())
            .replace(['\n', '\r'], " "),
    }
}

fn report(path: &str, converted: Result<Conversion, ConvertError>) -> ExitCode {
    match converted {
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
