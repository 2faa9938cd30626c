//! The blog under load and under attack, from 127.0.0.1 only: every loop is bounded in count
//! and time, and the blog it starts is killed when it is done.
//!
//! ```sh
//! cargo build --release --example blog --example load
//! target/release/examples/load faults target/release/examples/blog
//! target/release/examples/load bench BEFORE_BLOG AFTER_BLOG [CONNECTIONS] [SECONDS]
//! target/release/examples/load bench old=BLOG main=BLOG new=BLOG 100 10
//! ```
//!
//! `faults` starts the blog on a free port with a new database and checks what SECURITY.md
//! promises of it as a service (an outside lock, trickled requests, clients that never read,
//! a flood of comments, one client holding 1,100 connections, forged and stale forms, hosts
//! and origins, wrong verbs, oversized input, `kill -9` under writes); it exits non-zero if
//! one fails. It takes about 30 s. `bench` measures requests per second, the 50th and 99th
//! percentile latencies and the blog's processor time per request of each blog given (named `before` and `after` when there are two and
//! they are not named), reads only and with 10% writes, at 100 connections for 10 s by
//! default, each run on a new database, the blogs of one mix one after the other.
//!
//! Clients other than the blog's own checks connect from other addresses of 127.0.0.0/8, all
//! of which are this machine's, so that each can stand for another visitor.

mod bench;
mod blog;
mod faults;
mod http;

use std::path::PathBuf;
use std::process::ExitCode;

#[tokio::main]
async fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args
        .iter()
        .map(String::as_str)
        .collect::<Vec<_>>()
        .as_slice()
    {
        ["faults", blog] => match faults::run(&PathBuf::from(blog)).await {
            Ok(true) => ExitCode::SUCCESS,
            Ok(false) => ExitCode::FAILURE,
            Err(error) => {
                eprintln!("{error}");
                ExitCode::FAILURE
            }
        },
        ["bench", rest @ ..] => {
            // Numbers at the end: connections, then seconds; before them, the blogs.
            let numbers = rest
                .iter()
                .rev()
                .take_while(|arg| arg.parse::<u64>().is_ok())
                .count();
            let (blogs, numbers) = rest.split_at(rest.len() - numbers);
            if blogs.is_empty() || numbers.len() > 2 {
                return usage();
            }
            let connections = numbers.first().and_then(|n| n.parse().ok()).unwrap_or(100);
            if connections == 0 {
                return usage();
            }
            let seconds = numbers
                .get(1)
                .and_then(|n| n.parse().ok())
                .unwrap_or(10)
                .min(120);
            let named: Vec<(String, PathBuf)> = blogs
                .iter()
                .enumerate()
                .map(|(n, blog)| match blog.split_once('=') {
                    Some((name, path)) => (name.to_owned(), PathBuf::from(path)),
                    None if blogs.len() == 2 => {
                        (["before", "after"][n].to_owned(), PathBuf::from(blog))
                    }
                    None => (blog.to_string(), PathBuf::from(blog)),
                })
                .collect();
            bench_all(&named, connections, seconds).await
        }
        _ => usage(),
    }
}

fn usage() -> ExitCode {
    eprintln!("usage: load faults BLOG | load bench [NAME=]BLOG... [CONNECTIONS [SECONDS]]");
    ExitCode::FAILURE
}

async fn bench_all(blogs: &[(String, PathBuf)], connections: usize, seconds: u64) -> ExitCode {
    println!("{connections} connections, {seconds} s each, a new database each");
    println!("| blog | mix | requests/s | p50 | p99 | CPU per request | requests | errors |");
    println!("|---|---|---|---|---|---|---|---|");
    for write_percent in [0, 10] {
        for (name, binary) in blogs {
            let mix = if write_percent == 0 {
                "reads only".to_owned()
            } else {
                format!("{write_percent}% writes")
            };
            match bench::measure(binary, connections, seconds, write_percent).await {
                Ok(f) => println!(
                    "| {name} | {mix} | {:.0} | {:.1} ms | {:.1} ms | {} | {} | {} |",
                    f.per_second,
                    f.p50.as_secs_f64() * 1000.0,
                    f.p99.as_secs_f64() * 1000.0,
                    f.cpu_per_request
                        .map_or("unknown".to_owned(), |cpu| format!(
                            "{:.1} µs",
                            cpu.as_secs_f64() * 1e6
                        )),
                    f.requests,
                    f.errors
                ),
                Err(error) => {
                    eprintln!("{name}: {error}");
                    return ExitCode::FAILURE;
                }
            }
        }
    }
    ExitCode::SUCCESS
}
