/// The report's one inline style sheet: no font, image or script is fetched, so the file reads the same offline,
/// and `@media print` drops the filter, lets long texts run in full and prints closed cases' contents too (a printout
/// cannot be clicked open), so it holds everything the screen can show. The print rule for closed `<details>` stands
/// alone: a browser that does not know `::details-content` drops that rule only.
///
/// The failures-only filter needs no script: a checkbox placed before `<main>` hides passed, skipped and not-run
/// cases through the `:checked ~` sibling selector.
enum HTMLReportStyle {
    static let css = """
        body{font:14px/1.45 system-ui,-apple-system,"DejaVu Sans",sans-serif;margin:1.5em;color:#1b1f24;background:#fff}
        h1{font-size:1.5em;margin:0 0 .4em}h2{font-size:1.2em;margin:1.4em 0 .4em;border-bottom:1px solid #d0d7de}
        table{border-collapse:collapse;margin:.4em 0}th,td{border:1px solid #d0d7de;padding:2px 8px;text-align:left;vertical-align:top}
        td.n{text-align:right}dl.identity{display:grid;grid-template-columns:max-content auto;gap:2px 12px}dt{font-weight:600}dd{margin:0}
        .verdict.pass{color:#1a7f37}.verdict.fail{color:#cf222e}.verdict.none{color:#9a6700}
        .badge{display:inline-block;min-width:5.5em;padding:0 6px;border-radius:3px;font-size:.85em;text-align:center;color:#fff}
        .badge.passed{background:#1a7f37}.badge.failed{background:#cf222e}.badge.errored{background:#9a6700}
        .badge.notrun{background:#6e7781}.badge.skipped{background:#8c959f}.badge.flaky,.badge.xfail{background:#8250df}
        details.case{margin:2px 0}details.case>summary{cursor:pointer}details.case[open]{border-left:3px solid #d0d7de;padding-left:8px}
        details.case.failed[open]{border-color:#cf222e}details.case.errored[open]{border-color:#9a6700}
        .req{color:#57606a;font-size:.9em}pre{background:#f6f8fa;padding:6px;overflow:auto;white-space:pre-wrap;word-break:break-all;max-height:40em}
        .expected,.observed{margin:.3em 0}.observed pre{background:#fff1f0}ol.steps li.failing{color:#cf222e;font-weight:600}
        svg.sequence{font:11px "DejaVu Sans Mono",monospace;display:block;margin:.4em 0;background:#fff}
        svg .party{font-weight:700;font-size:12px}svg .lifeline{stroke:#8c959f;stroke-dasharray:4 3}
        svg line.step{stroke:#d0d7de}svg text.step{fill:#57606a}svg line.step.failing{stroke:#cf222e}svg text.step.failing{fill:#cf222e}
        svg .message line{stroke:#24292f}svg .message polygon,svg .message text{fill:#24292f}
        svg .message.failing line{stroke:#cf222e;stroke-width:2}svg .message.failing polygon,svg .message.failing text{fill:#cf222e}
        svg .message.fault line{stroke-dasharray:3 2}.attempt{margin:.5em 0;padding-left:8px;border-left:3px dashed #8250df}
        .filter{margin-right:.4em}#only-failures:checked~main .case.passed,#only-failures:checked~main .case.skipped,
        #only-failures:checked~main .case.notrun,#only-failures:checked~main tr.quiet{display:none}
        @media print{.filter,label[for=only-failures]{display:none}pre{max-height:none}
        body{margin:0}a{color:inherit;text-decoration:none}}
        @media print{details.case::details-content{content-visibility:visible;display:block}}
        """
}
