resourceful::draw! {
    get("archive/:year(/:month", to = "posts#archive");
    get("reports/:kind)/summary", to = "reports#summary");
}

fn main() {}
