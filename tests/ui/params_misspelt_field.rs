// A handler naming a param its action's routes do not have, and reading one as another type.
mod routes {
    resourceful::routes! {
        resources(articles, only(show), types(id = u64)) { resources(comments, only(show)); }
    }
}
use routes::params;

async fn show(params::ArticlesShow { idd, .. }: params::ArticlesShow) -> String {
    idd
}

async fn comment(params: params::CommentsShow) -> u64 {
    params.id
}

fn main() {
    let _ = (show, comment);
}
