// tests/rails/routes/rails/errors/uncallable_constraint.rb: a constraint object that is not a
// predicate of the request, which Rails refuses ("Invalid constraint: #<Object> must respond
// to :call or :matches?").
resourceful::draw! {
    get("/test", to = "tests#show", constraints(with = NotAConstraint));
}

struct NotAConstraint;

fn main() {}
