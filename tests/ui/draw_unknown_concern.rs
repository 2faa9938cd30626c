// tests/rails/routes/rails/errors/unknown_concern.rb: resources naming a concern never
// declared, which Rails refuses ("No concern named foo was found!").
resourceful::draw! {
    resources(posts, concerns(foo));
}

fn main() {}
