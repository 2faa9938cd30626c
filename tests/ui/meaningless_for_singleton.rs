resourceful::routes! {
    resource(account, singular = "acct");
}

fn main() {}
