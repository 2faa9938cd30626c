// Rails refuses `match` without `via`: which methods a route takes is written down.
resourceful::draw! {
    match("search", to = "search#index");
}

fn main() {}
