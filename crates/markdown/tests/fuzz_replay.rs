//! The renderer's fuzz corpus and saved crashes, replayed natively (`fuzz/`), and the HTML check itself.

#[path = "../../../fuzz/src/markdown.rs"]
mod check;
#[path = "../../../fuzz/replay.rs"]
mod replay;

#[test]
fn replay_markdown() {
    replay::replay("markdown", 20, check::check_markdown);
}

#[test]
fn the_html_check_catches_what_it_must() {
    let bad = [
        "<script>alert(1)</script>",
        "<p><img src=\"x\" onerror=\"alert(1)\"></p>",
        "<a href=\"javascript:alert(1)\">x</a>",
        "<a href=\"JaVa&#x53;cript:alert(1)\">x</a>",
        "<a href=\"java&#9;script:alert(1)\">x</a>",
        "<a href=\" data:text/html,x\">x</a>",
        "<img src=\"mailto:x@y\">",
        "<iframe src=\"https://x\"></iframe>",
        "<p style=\"color:red\">x</p>",
        "<p <b>",
    ];
    for html in bad {
        assert!(check::check_html(html).is_err(), "{html}");
    }
    let good = [
        "<p>a &lt;script&gt; b</p>\n",
        "<p><a href=\"https://x.example/a?b=1&amp;c=2\" rel=\"noopener noreferrer\">x</a></p>",
        "<p><a href=\"java%73cript:alert(1)\" rel=\"noopener noreferrer\">x</a></p>",
        "<p><a href=\"jav\u{7f}ascript:alert(1)\">DEL is no scheme character</a></p>",
        "<sup class=\"fn\"><a href=\"#cite-1\" id=\"ref-1\">1</a></sup>",
        "<img src=\"https://x/a.png\" alt=\"a\" title=\"t\" /><br /><hr />",
        "<ol start=\"3\"><li>x</li></ol><table><thead><tr><th class=\"align-right\">y</th></tr></thead></table>",
    ];
    for html in good {
        assert_eq!(check::check_html(html), Ok(()), "{html}");
    }
}
