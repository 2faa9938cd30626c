// tests/rails/routes/rails/errors/controller_leading_slash.rb: a controller with a leading
// slash outside any module, which Rails refuses ("'/feeds' is not a supported controller
// name").
resourceful::draw! {
    get("/feeds/:service", to = "/feeds#show");
}

fn main() {}
