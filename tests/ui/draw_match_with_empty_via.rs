// tests/rails/routes/rails/errors/match_with_empty_via.rb: `match` with an empty `via`, which
// Rails refuses ("You should not use the `match` method in your router without specifying an
// HTTP method").
resourceful::draw! {
    match("/foo/bar", to = "files#show", via = []);
}

fn main() {}
