resourceful::routes! {
    resources(products, only(index, shwo));
    resource(account, except(index));
}

fn main() {}
