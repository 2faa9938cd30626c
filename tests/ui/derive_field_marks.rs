#[derive(resourceful::ToParam)]
struct TwoMarks {
    #[to_param]
    slug: String,
    #[to_param]
    code: String,
}

#[derive(resourceful::ToParam)]
struct MarkWithArguments {
    #[to_param(crate = "resourceful")]
    slug: String,
}

#[derive(resourceful::ToParam)]
#[to_param = "resourceful"]
struct CrateWithoutParentheses {
    id: u64,
}

fn main() {}
