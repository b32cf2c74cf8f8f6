//! The renderer's tests: safe output for hostile input, and the Markdown it must still render.

use super::*;

/// Every `href`/`src` value of the tags in `html` (escaped text has no `<`, so it is skipped).
fn urls(html: &str) -> Vec<String> {
    let mut found = Vec::new();
    for tag in tags(html) {
        for attr in ["href=\"", "src=\""] {
            if let Some(pos) = tag.find(attr) {
                let value = &tag[pos + attr.len()..];
                found.push(value[..value.find('"').unwrap()].to_owned());
            }
        }
    }
    found
}

/// The tags of `html`, `<` to `>`.
fn tags(html: &str) -> Vec<&str> {
    let mut found = Vec::new();
    let mut rest = html;
    while let Some(start) = rest.find('<') {
        let end = rest[start..].find('>').map_or(rest.len(), |e| start + e);
        found.push(&rest[start..end]);
        rest = &rest[end..];
    }
    found
}

/// What a browser takes as the scheme of `url`, if it has one.
fn scheme(url: &str) -> Option<String> {
    let cleaned: String = url
        .trim_matches(|c: char| c <= ' ')
        .chars()
        .filter(|c| !matches!(c, '\t' | '\n' | '\r'))
        .collect();
    let (scheme, _) = cleaned.split_once(':')?;
    let mut chars = scheme.chars();
    let first = chars.next()?;
    (first.is_ascii_alphabetic() && chars.all(|c| c.is_ascii_alphanumeric() || "+-.".contains(c)))
        .then(|| scheme.to_ascii_lowercase())
}

/// No tag from the input survived: only tags this renderer or pulldown-cmark emit.
fn assert_inert(html: &str) {
    let lower = html.to_ascii_lowercase();
    assert!(!lower.contains("<script"), "{html}");
    assert!(!lower.contains("<iframe"), "{html}");
    assert!(!lower.contains("<svg"), "{html}");
    assert!(!lower.contains("<style"), "{html}");
    // An event handler attribute can only appear inside a tag: look at tags only.
    for tag in tags(&lower) {
        // Attribute names only: drop the quoted values (quotes inside them are escaped).
        let names: String = tag.split('"').step_by(2).collect();
        let tag = names.as_str();
        assert!(!tag.contains(" on"), "event handler in {tag:?} of {html}");
        assert!(!tag.contains("style="), "style in {tag:?} of {html}");
    }
    for url in urls(html) {
        if let Some(scheme) = scheme(&url) {
            assert!(
                ["http", "https", "mailto"].contains(&scheme.as_str()),
                "unsafe url {url:?} in {html}"
            );
        }
    }
}

#[test]
fn plain_markdown_renders() {
    let html = render_safe("# Grace\n\nGrace is *favour*, **free** and ~~earned~~ `undeserved`.\n");
    assert!(html.contains("<h1>Grace</h1>"), "{html}");
    assert!(html.contains("<em>favour</em>"), "{html}");
    assert!(html.contains("<strong>free</strong>"), "{html}");
    assert!(html.contains("<del>earned</del>"), "{html}");
    assert!(html.contains("<code>undeserved</code>"), "{html}");
}

#[test]
fn script_tags_are_escaped() {
    for input in [
        "<script>window.__pwned=1</script>",
        "Hello <script>window.__pwned=1</script> world",
        "<SCRIPT SRC=//evil.example/x.js></SCRIPT>",
        "<div>\n<script>alert(1)</script>\n</div>",
        "<scr<script>ipt>alert(1)</script>",
    ] {
        let html = render_safe(input);
        assert_inert(&html);
        assert!(html.contains("&lt;"), "{input:?} → {html}");
    }
    let html = render_safe("<script>window.__pwned=1</script>");
    assert_eq!(
        html,
        "<p>&lt;script&gt;window.__pwned=1&lt;/script&gt;</p>\n"
    );
}

#[test]
fn img_onerror_is_escaped() {
    for input in [
        "<img src=x onerror=\"window.__pwned=1\">",
        "text <img src=x onerror=alert(1)> text",
        "<a href=\"javascript:alert(1)\" onclick=\"x()\">x</a>",
        "<svg onload=alert(1)>",
        "<iframe src=\"javascript:alert(1)\"></iframe>",
        "<p style=\"background:url(javascript:alert(1))\">x</p>",
    ] {
        let html = render_safe(input);
        assert_inert(&html);
    }
    // The markdown image syntax cannot add attributes either.
    let html =
        render_safe("![x\" onerror=\"alert(1)](https://example.org/a.png \"t\\\" onload=\\\"x\")");
    assert_inert(&html);
    assert!(
        html.contains("<img src=\"https://example.org/a.png\""),
        "{html}"
    );
}

#[test]
fn dangerous_link_schemes_become_text() {
    for input in [
        "[x](javascript:window.__pwned=1)",
        "[x](JaVaScRiPt:alert(1))",
        "[x](  javascript:alert(1))",
        "[x](java\tscript:alert(1))",
        "[x](javascript&#58;alert(1))",
        "[x](javascript&colon;alert(1))",
        "[x](&#106;avascript:alert(1))",
        "[x](&#x6A;&#x61;vascript:alert(1))",
        "[x](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)",
        "[x](vbscript:msgbox(1))",
        "[x](VBScript:msgbox(1))",
        "[x](file:///etc/passwd)",
        "<javascript:alert(1)>",
        "[x][r]\n\n[r]: javascript:alert(1)",
        "[x](<javascript:alert(1)>)",
        "[x](\u{0}javascript:alert(1))",
    ] {
        let html = render_safe(input);
        assert_inert(&html);
        assert!(!html.contains("<a "), "{input:?} → {html}");
    }
    assert_eq!(
        render_safe("[x](javascript:window.__pwned=1)"),
        "<p>x</p>\n"
    );
    // Not a scheme for a URL parser (`%` cannot be in one): a relative path, kept as such.
    let html = render_safe("[x](java%73cript:alert(1))");
    assert_eq!(
        html,
        "<p><a href=\"java%73cript:alert(1)\" rel=\"noopener noreferrer\">x</a></p>\n"
    );
    // A dangerous image becomes its alt text.
    for input in [
        "![alt](javascript:alert(1))",
        "![alt](data:image/svg+xml;base64,PHN2Zz4=)",
        "![alt](mailto:a@example.org)",
    ] {
        let html = render_safe(input);
        assert_eq!(html, "<p>alt</p>\n", "{input:?}");
    }
}

#[test]
fn safe_links_are_kept_with_rel() {
    let html = render_safe("[Rerum Novarum](https://www.vatican.va/rn.html \"Leo \\\"XIII\\\"\")");
    assert_eq!(
        html,
        "<p><a href=\"https://www.vatican.va/rn.html\" title=\"Leo &quot;XIII&quot;\" \
         rel=\"noopener noreferrer\">Rerum Novarum</a></p>\n"
    );
    let html = render_safe("[a](HTTP://Example.org) [b](mailto:x@example.org) <y@example.org> <https://e.org/?a=1&b=\"2\">");
    assert!(
        html.contains("<a href=\"http://example.org/\" rel=\"noopener noreferrer\">a</a>"),
        "{html}"
    );
    assert!(
        html.contains("<a href=\"mailto:x@example.org\" rel=\"noopener noreferrer\">b</a>"),
        "{html}"
    );
    assert!(
        html.contains("<a href=\"mailto:y@example.org\" rel=\"noopener noreferrer\">"),
        "{html}"
    );
    assert!(
        html.contains("href=\"https://e.org/?a=1&amp;b=%222%22\""),
        "{html}"
    );
    assert_eq!(html.matches("<a ").count(), 4, "{html}");
    assert_eq!(
        html.matches("rel=\"noopener noreferrer\"").count(),
        4,
        "{html}"
    );
    // Relative links are kept as written.
    let html = render_safe("[top](#cite-1) [doc](/docs/rn) [proto](//example.org/x)");
    assert!(html.contains("href=\"#cite-1\""), "{html}");
    assert!(html.contains("href=\"/docs/rn\""), "{html}");
    assert!(html.contains("href=\"https://example.org/x\""), "{html}");
    assert_inert(&html);
}

#[test]
fn footnote_markers_link_to_citations() {
    let html = render_safe("Work has dignity.[^1] So does rest[^2][^1].");
    assert_eq!(
        html,
        "<p>Work has dignity.<sup class=\"fn\"><a href=\"#cite-1\" id=\"ref-1\">1</a></sup> So does rest\
         <sup class=\"fn\"><a href=\"#cite-2\" id=\"ref-2\">2</a></sup>\
         <sup class=\"fn\"><a href=\"#cite-1\" id=\"ref-1-2\">1</a></sup>.</p>\n"
    );
    // Not markers: no digits, zero, too long, unclosed, inside code.
    for input in [
        "[^a]",
        "[^0]",
        "[^12345]",
        "[^3",
        "`[^1]`",
        "    [^1]\n",
        "```\n[^1]\n```",
    ] {
        let html = render_safe(input);
        assert!(!html.contains("<sup"), "{input:?} → {html}");
    }
    // Inside a link the marker stays text (no nested <a>).
    let html = render_safe("[see [^1]](https://example.org)");
    assert_eq!(html.matches("<a ").count(), 1, "{html}");
    // In a list and a heading.
    let html = render_safe("# Title[^3]\n\n- item[^4]\n");
    assert!(html.contains("href=\"#cite-3\""), "{html}");
    assert!(html.contains("href=\"#cite-4\""), "{html}");
}

#[test]
fn tables_render() {
    let html = render_safe(
        "| year | catholics |\n|---:|:---|\n| 2019 | 2,100,000 |\n| 2020 | <b>x</b> |\n",
    );
    assert!(html.contains("<table>"), "{html}");
    assert!(
        html.contains("<th class=\"align-right\">year</th>"),
        "{html}"
    );
    assert!(
        html.contains("<td class=\"align-left\">2,100,000</td>"),
        "{html}"
    );
    assert!(html.contains("&lt;b&gt;x&lt;/b&gt;"), "{html}");
    assert!(!html.contains("style="), "{html}");
    assert_inert(&html);
    // A table without alignment, and a header-only table.
    let html = render_safe("| a | b |\n|---|---|\n| 1 | [^2] |\n\n| x |\n|---|\n");
    assert!(html.contains("<th>a</th><th>b</th>"), "{html}");
    assert!(html.contains("<td>1</td><td><sup class=\"fn\">"), "{html}");
    assert_eq!(html.matches("<table>").count(), 2, "{html}");
    assert_eq!(html.matches("</table>").count(), 2, "{html}");
}

#[test]
fn code_is_escaped() {
    let html = render_safe("```html\" onclick=\"x\n<script>alert(1)</script>\n```\n");
    assert!(html.contains("&lt;script&gt;"), "{html}");
    assert!(!html.contains("onclick=\"x\""), "{html}");
}

#[test]
fn huge_and_odd_inputs_do_not_panic() {
    let inputs = [
        "a".repeat(2_000_000),
        "[".repeat(200_000),
        "[^".repeat(200_000),
        "[^1]".repeat(100_000),
        ">".repeat(100_000),
        "*".repeat(100_000),
        "- ".repeat(50_000),
        "<".repeat(100_000),
        "![".repeat(50_000) + &"](x)".repeat(50_000),
        "[x](".repeat(50_000),
        "| a |\n|---|\n".to_owned() + &"| <img onerror=x> |\n".repeat(50_000),
        "é\u{0}\u{FFFF}😀[^1]".repeat(50_000),
    ];
    for input in &inputs {
        let html = render_safe(input);
        assert!(!html.to_ascii_lowercase().contains("<img onerror"));
    }
}
