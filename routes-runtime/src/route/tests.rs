use super::*;

const fn param(name: &'static str) -> Segment {
    Segment::Param(Param {
        name,
        requirement: None,
        parses: None,
        optional: false,
        default: None,
    })
}

#[test]
fn layouts_find_the_slot_of_the_action() {
    let cases: [(&[Segment], Layout); 4] = [
        (
            &[
                Segment::Static("a"),
                param("id"),
                Segment::Static("b"),
                param("x"),
            ],
            Layout {
                action: None,
                names_controller: false,
                format_default: None,
                other_defaults: false,
                defaults_given: false,
            },
        ),
        (
            &[
                param("page"),
                Segment::Action {
                    optional: false,
                    requirement: None,
                },
                param("id"),
            ],
            Layout {
                action: Some(1),
                names_controller: false,
                format_default: None,
                other_defaults: false,
                defaults_given: false,
            },
        ),
        (
            &[
                Segment::Controller {
                    namespace: "",
                    requirement: None,
                },
                Segment::Action {
                    optional: true,
                    requirement: None,
                },
                param("id"),
            ],
            Layout {
                action: Some(0),
                names_controller: true,
                format_default: None,
                other_defaults: false,
                defaults_given: false,
            },
        ),
        (
            &[Segment::Static("a")],
            Layout {
                action: None,
                names_controller: false,
                format_default: None,
                other_defaults: false,
                defaults_given: false,
            },
        ),
    ];
    for (segments, want) in cases {
        assert_eq!(Layout::of(segments, &[]), want, "{segments:?}");
    }
}

/// A route's defaults, the format default, whether other defaults have values, and
/// whether any default gives a param.
type DefaultsCase = (
    &'static [(&'static str, Option<&'static str>)],
    Option<Option<&'static str>>,
    bool,
    bool,
);

#[test]
fn layouts_hold_the_format_default_and_which_defaults_give_params() {
    let cases: [DefaultsCase; 8] = [
        (&[], None, false, false),
        (
            &[("format", Some("a")), ("format", Some("b"))],
            Some(Some("a")),
            false,
            true,
        ),
        (&[("format", Some("xml"))], Some(Some("xml")), false, true),
        (
            &[("format", None), ("legacy", None)],
            Some(None),
            false,
            false,
        ),
        (
            &[("legacy", Some("true")), ("format", Some("rss"))],
            Some(Some("rss")),
            true,
            true,
        ),
        (
            &[("format", None), ("page", Some("1"))],
            Some(None),
            true,
            true,
        ),
        (
            &[("formats", Some("x")), ("forma", Some("y"))],
            None,
            true,
            true,
        ),
        (&[("Format", None)], None, false, false),
    ];
    for (defaults, format, others, given) in cases {
        let layout = Layout::of(&[], defaults);
        assert_eq!(
            (
                layout.format_default,
                layout.other_defaults,
                layout.defaults_given
            ),
            (format, others, given),
            "{defaults:?}"
        );
    }
}
