//! The tracker application: the ported routes file, the repository browser, and the router
//! that joins them. `main.rs` serves it; `tests/tracker_server.rs` sends it requests through
//! `oneshot`.

mod browser;
pub mod cli;
mod pages;
pub mod tree;

use std::sync::Arc;

use resourceful::axum::{Dispatcher, Handlers, handler};

pub use pages::DEMO_PROJECT;
pub use tree::Tree;

#[path = "../routes.rs"]
#[allow(dead_code)]
pub mod routes;

/// Every action's handler, through one exhaustive `match` on the route set's `Action`: the
/// repository browser's, the home page and the catch-all's 404, and for every other action a
/// page saying what was reached (this example has no issues, wiki or users to show). Every
/// project's repository is `tree`: the example has one directory to show, whatever the id.
pub fn router(tree: Tree) -> Dispatcher {
    use routes::Action;
    let handlers = Handlers::new(&routes::ROUTES)
        .on_error(pages::routing_error)
        .bind(|action| match action {
            Action::WelcomeIndex => handler(pages::welcome),
            Action::RepositoriesShow => handler(browser::show),
            Action::RepositoriesBrowse => handler(browser::browse),
            Action::RepositoriesEntry => handler(browser::entry),
            // The last route, `/*path` for GET: what no other route takes.
            Action::ErrorsNotFound => handler(pages::not_found),
            // Accounts and the personal page.
            Action::AccountLogin
            | Action::AccountLogout
            | Action::AccountLostPassword
            | Action::AccountRegister
            | Action::MyAccount
            | Action::MyAddBlock
            | Action::MyOrderBlocks
            | Action::MyPage
            | Action::MyRemoveBlock => handler(pages::reached),
            // Projects and what lives under them.
            Action::ActivitiesIndex
            | Action::MembershipsCreate
            | Action::MembershipsDestroy
            | Action::MembershipsIndex
            | Action::MembershipsUpdate
            | Action::NewsCreate
            | Action::NewsDestroy
            | Action::NewsEdit
            | Action::NewsIndex
            | Action::NewsNew
            | Action::NewsShow
            | Action::NewsUpdate
            | Action::NewsCommentsCreate
            | Action::NewsCommentsDestroy
            | Action::ProjectsArchive
            | Action::ProjectsArchived
            | Action::ProjectsCreate
            | Action::ProjectsDestroy
            | Action::ProjectsEdit
            | Action::ProjectsIndex
            | Action::ProjectsNew
            | Action::ProjectsSettings
            | Action::ProjectsShow
            | Action::ProjectsUnarchive
            | Action::ProjectsUpdate
            | Action::SearchIndex
            | Action::VersionsCreate
            | Action::VersionsDestroy
            | Action::VersionsEdit
            | Action::VersionsIndex
            | Action::VersionsNew
            | Action::VersionsShow
            | Action::VersionsUpdate => handler(pages::reached),
            // Issues, their relations and the time spent on them.
            Action::IssueRelationsCreate
            | Action::IssueRelationsDestroy
            | Action::IssueRelationsIndex
            | Action::IssuesBulkEdit
            | Action::IssuesCalendar
            | Action::IssuesCopy
            | Action::IssuesCreate
            | Action::IssuesDestroy
            | Action::IssuesEdit
            | Action::IssuesGantt
            | Action::IssuesIndex
            | Action::IssuesNew
            | Action::IssuesShow
            | Action::IssuesUpdate
            | Action::TimelogCreate
            | Action::TimelogDestroy
            | Action::TimelogEdit
            | Action::TimelogIndex
            | Action::TimelogNew
            | Action::TimelogReport
            | Action::TimelogShow
            | Action::TimelogUpdate => handler(pages::reached),
            // The wiki.
            Action::WikiAnnotate
            | Action::WikiDestroy
            | Action::WikiDiff
            | Action::WikiEdit
            | Action::WikiHistory
            | Action::WikiProtect
            | Action::WikiRename
            | Action::WikiShow => handler(pages::reached),
            // What needs a version control system: statistics, changes, annotations.
            Action::RepositoriesAnnotate
            | Action::RepositoriesChanges
            | Action::RepositoriesStats => handler(pages::reached),
            // Attachments.
            Action::AttachmentsDestroy | Action::AttachmentsDownload | Action::AttachmentsShow => {
                handler(pages::reached)
            }
            // Administration.
            Action::AdminDashboardIndex
            | Action::AdminDashboardInfo
            | Action::AdminIssueStatusesCreate
            | Action::AdminIssueStatusesDestroy
            | Action::AdminIssueStatusesEdit
            | Action::AdminIssueStatusesIndex
            | Action::AdminIssueStatusesNew
            | Action::AdminIssueStatusesUpdate
            | Action::AdminRolesCreate
            | Action::AdminRolesDestroy
            | Action::AdminRolesEdit
            | Action::AdminRolesIndex
            | Action::AdminRolesNew
            | Action::AdminRolesPermissions
            | Action::AdminRolesShow
            | Action::AdminRolesUpdate
            | Action::AdminSettingsEdit
            | Action::AdminTrackersCreate
            | Action::AdminTrackersDestroy
            | Action::AdminTrackersEdit
            | Action::AdminTrackersIndex
            | Action::AdminTrackersNew
            | Action::AdminTrackersUpdate
            | Action::AdminUsersCreate
            | Action::AdminUsersDestroy
            | Action::AdminUsersEdit
            | Action::AdminUsersIndex
            | Action::AdminUsersLock
            | Action::AdminUsersNew
            | Action::AdminUsersShow
            | Action::AdminUsersUnlock
            | Action::AdminUsersUpdate => handler(pages::reached),
        });
    handlers.with_state(Arc::new(tree))
}
