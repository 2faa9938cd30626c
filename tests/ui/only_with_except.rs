resourceful::routes! {
    resources(products, only(index, show), except(destroy));
}

fn main() {}
