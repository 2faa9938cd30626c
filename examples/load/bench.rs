//! Requests per second and latency of a blog under a fixed number of keep-alive connections,
//! reads only or with a share of writes.

use std::path::Path;
use std::time::{Duration, Instant};

use crate::blog::{Blog, Scratch, UNLIMITED};
use crate::http::{Conn, client_address, form, request};

/// The pages read, in turn: the index, an article, a page that needs no database.
const READS: [&str; 3] = ["/", "/articles/1", "/login"];

pub struct Figures {
    pub requests: usize,
    pub errors: usize,
    pub per_second: f64,
    pub p50: Duration,
    pub p99: Duration,
    /// The blog's processor time per request: what it costs, whatever else the machine
    /// runs (which moves the rates above by a tenth or more between runs).
    pub cpu_per_request: Option<Duration>,
}

/// `connections` connections, each from an address of its own (as many visitors, whom a
/// blog that shares its connections out per client serves as it would serve them), each
/// sending requests one after another for `seconds`; `write_percent` of them create an
/// article.
pub async fn measure(
    binary: &Path,
    connections: usize,
    seconds: u64,
    write_percent: u32,
) -> Result<Figures, String> {
    let scratch = Scratch::new("blog-bench").map_err(|e| e.to_string())?;
    // Each connection writes more often than a visitor may post, and a long run writes more
    // articles than the blog holds by default: what is measured is the blog's work, not its
    // refusals.
    let blog = Blog::start_with(binary, &scratch.file("bench.sqlite3"), &UNLIMITED).await?;
    // Warm up: connections made, caches filled.
    run(&blog, 10, Duration::from_secs(1), 0).await;
    let started = Instant::now();
    let cpu_before = blog.cpu_time();
    let (mut latencies, errors) = run(
        &blog,
        connections,
        Duration::from_secs(seconds),
        write_percent,
    )
    .await;
    let elapsed = started.elapsed();
    let cpu = blog
        .cpu_time()
        .zip(cpu_before)
        .map(|(end, start)| end - start);
    latencies.sort_unstable();
    let at = |percent: usize| {
        latencies
            .get((latencies.len() * percent / 100).min(latencies.len().saturating_sub(1)))
            .copied()
            .unwrap_or_default()
    };
    Ok(Figures {
        requests: latencies.len(),
        errors,
        per_second: latencies.len() as f64 / elapsed.as_secs_f64(),
        p50: at(50),
        p99: at(99),
        cpu_per_request: cpu
            .zip(u32::try_from(latencies.len()).ok().filter(|&n| n > 0))
            .map(|(cpu, requests)| cpu / requests),
    })
}

/// The latency of every answered request, and how many failed (no answer, a 5xx, or a write
/// not saved); writes are the editor's.
async fn run(
    blog: &Blog,
    connections: usize,
    length: Duration,
    write_percent: u32,
) -> (Vec<Duration>, usize) {
    let deadline = Instant::now() + length;
    let mut workers = Vec::new();
    for worker in 0..connections {
        let address = blog.address;
        let host = blog.host();
        let origin = blog.origin();
        let editor = blog.editor.clone();
        workers.push(tokio::spawn(async move {
            let reads: Vec<Vec<u8>> = READS
                .iter()
                .map(|path| request("GET", path, &host, &[], b""))
                .collect();
            let mut latencies = Vec::new();
            let mut errors = 0;
            // A fixed sequence per worker (a linear congruential generator): the same mix on
            // every run.
            let mut state = worker as u64 * 7919 + 1;
            let mut conn = None;
            let mut sent = 0usize;
            while Instant::now() < deadline {
                state = state
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                let writes = (state >> 33) % 100 < u64::from(write_percent);
                let bytes = if writes {
                    let body = format!("title=Load+{worker}+{sent}&body=Written+by+the+load+test.");
                    form("/articles", &host, &origin, "same-origin", &editor, &body)
                } else {
                    reads[sent % reads.len()].clone()
                };
                sent += 1;
                if conn.is_none() {
                    conn = Conn::open_from(client_address(worker as u32), address)
                        .await
                        .ok();
                }
                let Some(open) = conn.as_mut() else {
                    errors += 1;
                    tokio::time::sleep(Duration::from_millis(10)).await;
                    continue;
                };
                let started = Instant::now();
                match open.send(&bytes, Duration::from_secs(30)).await {
                    Ok(reply) => {
                        latencies.push(started.elapsed());
                        // A write not saved (sent to sign in, say) is no write measured.
                        let saved = reply.status == 303
                            && reply
                                .header("location")
                                .is_some_and(|to| to.starts_with("/articles/"));
                        if reply.status >= 500 || (writes && !saved) {
                            errors += 1;
                        }
                        if reply
                            .header("connection")
                            .is_some_and(|c| c.eq_ignore_ascii_case("close"))
                        {
                            conn = None;
                        }
                    }
                    Err(_) => {
                        errors += 1;
                        conn = None;
                    }
                }
            }
            (latencies, errors)
        }));
    }
    let mut all = Vec::new();
    let mut errors = 0;
    for worker in workers {
        if let Ok((latencies, failed)) = worker.await {
            all.extend(latencies);
            errors += failed;
        }
    }
    (all, errors)
}
