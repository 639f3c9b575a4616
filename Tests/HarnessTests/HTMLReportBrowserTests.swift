import ConformanceCore
import Foundation
@testable import RunReporters
import TestSupport
import Testing

/// The HTML report as a browser sees it: Debian's headless Chromium loads the file offline, and the test fails on
/// any console message and any request. Chromium writes console messages to standard error with
/// `--enable-logging=stderr` (as `INFO:CONSOLE` lines, whatever their level), and the report's Content Security
/// Policy turns every attempt to load or run anything into such a message, so no CDP client is needed. The test
/// keeps a screenshot of the failing case's diagram for a person to look at.
@Suite(.enabled(if: HeadlessChromium.path != nil, "needs Debian's chromium (make deps installs it)"))
struct HTMLReportBrowserTests {

    /// Where the screenshot is kept after the test, named in its output.
    static let folder = FileManager.default.temporaryDirectory.appendingPathComponent("mamconf-html-report")

    /// Loads `html` from a file with `fragment` in the URL, optionally taking a screenshot; returns Chromium's
    /// standard error lines that report a console error or a failed request. Bounded by `timeout` (coreutils).
    static func problems(loading html: String, name: String, fragment: String = "", screenshot: URL? = nil) async throws -> [String] {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let page = folder.appendingPathComponent(name)
        try Data(html.utf8).write(to: page)
        let profile = folder.appendingPathComponent("profile-\(name)")
        var arguments = ["timeout", "30", HeadlessChromium.path ?? "chromium", "--headless=new", "--disable-gpu", "--no-sandbox", "--no-first-run",
                         "--user-data-dir=\(profile.path)", "--enable-logging=stderr", "--v=0", "--window-size=1280,2000",
                         "--virtual-time-budget=2000"]
        arguments.append(screenshot.map { "--screenshot=\($0.path)" } ?? "--dump-dom")
        arguments.append(page.absoluteString + fragment)
        let (status, output) = try await runCommand(["/usr/bin/env"] + arguments)
        #expect(status == 0, "chromium exited \(status):\n\(output)")
        return output.split(separator: "\n").map(String.init).filter(isProblem)
    }

    /// A console message (the report has no script, so any is an error or a blocked load), or a failed request.
    static func isProblem(_ line: String) -> Bool {
        line.contains(":CONSOLE") || line.contains("net::ERR_")
    }

    @Test func theReportLoadsWithoutAConsoleErrorOrAFailedRequestAndItsFailingDiagramIsShown() async throws {
        let html = HTMLReport.render(SummaryRun(HTMLReportTests.mixed, transcripts: true), redactor: Redactor())
        let screenshot = Self.folder.appendingPathComponent("failing-case.png")
        try? FileManager.default.removeItem(at: screenshot)
        let problems = try await Self.problems(loading: html, name: "report.html", fragment: "#case-0", screenshot: screenshot)
        #expect(problems.isEmpty, "\(problems)")
        let size = (try? FileManager.default.attributesOfItem(atPath: screenshot.path)[.size] as? Int) ?? 0
        #expect(size > 10_000, "no screenshot at \(screenshot.path)")
        print("screenshot of the failing case's diagram: \(screenshot.path)")
    }

    /// The check itself can fail: the report with an image and a script slipped in is caught twice.
    @Test func aReportWithAnImageOrAScriptSlippedInIsCaught() async throws {
        let html = HTMLReport.render(SummaryRun(HTMLReportTests.mixed, transcripts: true), redactor: Redactor())
            .replacingOccurrences(of: "<main>", with: "<main><img src=\"missing.png\"><script>console.error('boom')</script>")
        let problems = try await Self.problems(loading: html, name: "broken.html")
        #expect(problems.contains { $0.contains("missing.png") }, "\(problems)")
        #expect(problems.contains { $0.contains("inline script") }, "\(problems)")
    }
}

/// Where Debian installs Chromium, if it does.
enum HeadlessChromium {
    static let path = ["/usr/bin/chromium", "/usr/bin/chromium-browser"].first { FileManager.default.isExecutableFile(atPath: $0) }
}
