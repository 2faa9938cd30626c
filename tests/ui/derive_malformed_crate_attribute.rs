#[derive(resourceful::ToParam)]
#[to_param]
struct Bare {
    id: u64,
}

#[derive(resourceful::ToParam)]
#[to_param(krate = "resourceful")]
struct UnknownOption {
    id: u64,
}

#[derive(resourceful::ToParam)]
#[to_param(crate = resourceful)]
struct NotAString {
    id: u64,
}

#[derive(resourceful::ToParam)]
#[to_param(crate = "resourceful", crate = "resourceful")]
struct Twice {
    id: u64,
}

#[derive(resourceful::ToParam)]
#[to_param(crate = "not a path")]
struct NotAPath {
    id: u64,
}

fn main() {}
