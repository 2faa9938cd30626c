// tests/rails/routes/rails/errors/match_without_via.rb: `match` without `via`, which Rails
// refuses ("You should not use the `match` method in your router without specifying an HTTP
// method").
resourceful::draw! {
    match("/foo/bar", to = "files#show");
}

fn main() {}
