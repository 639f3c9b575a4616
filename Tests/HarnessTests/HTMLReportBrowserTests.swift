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
///
/// Serialized: two browsers starting at once on a loaded two-core machine only slow each other down.
@Suite(.serialized, .enabled(if: HeadlessChromium.path != nil, "needs Debian's chromium (make deps installs it)"))
struct HTMLReportBrowserTests {

    /// Where the pages, profiles and the screenshot are kept after the test, named in its output.
    static let folder = FileManager.default.temporaryDirectory.appendingPathComponent("mamconf-html-report")

    /// What one load of a page gave: Chromium's exit status, its standard error, and the lines of it that report a
    /// console message or a failed request.
    struct Load {
        let status: Int32
        let output: String
        var problems: [String] { output.split(separator: "\n").map(String.init).filter(HTMLReportBrowserTests.isProblem) }
        /// The exit status and the last lines that are not Chromium's usual noise, on one line, so a failure in a
        /// long CI log says at once why the browser did not run.
        var diagnosis: String { "chromium exited \(status): " + HeadlessChromium.gist(of: output) }
    }

    /// Loads `html` from a file with `fragment` in the URL; `output` is what Chromium makes of it (the DOM on standard
    /// output unless a screenshot or a PDF is asked for). Bounded by `timeout` (coreutils), generous because CI starts
    /// a cold browser while other tests load both cores.
    static func load(_ html: String, name: String, fragment: String = "", output: String = "--dump-dom") async throws -> Load {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let page = folder.appendingPathComponent(name)
        try Data(html.utf8).write(to: page)
        let profile = folder.appendingPathComponent("profile-\(name)")
        try? FileManager.default.removeItem(at: profile)
        var arguments = ["timeout", "-k", "5", "90"] + HeadlessChromium.command + ["--user-data-dir=\(profile.path)"]
        arguments.append(output)
        arguments.append(page.absoluteString + fragment)
        let (status, output) = try await runCommand(["/usr/bin/env"] + arguments)
        return Load(status: status, output: output)
    }

    /// A console message (the report has no script, so any is an error or a blocked load), or a failed request.
    static func isProblem(_ line: String) -> Bool {
        line.contains(":CONSOLE") || line.contains("net::ERR_")
    }

    /// Whether this machine's Chromium can load a page at all: a blank page with nothing in it. When it cannot (the
    /// browser crashes or hangs before any page), no verdict on the report is possible here, so the test is cancelled
    /// with Chromium's own words rather than failing the report for the machine's sake; when it can, every check below
    /// runs and can fail.
    static func requireWorkingBrowser() async throws {
        let blank = try await load("<!doctype html><title>blank</title><p>blank</p>", name: "blank.html")
        guard blank.status == 0, blank.output.contains("<p>blank</p>"), blank.problems.isEmpty else {
            print("HTMLReportBrowserTests: chromium cannot load a blank page here; \(blank.diagnosis)")
            try Test.cancel("chromium cannot load a blank page on this machine (\(blank.diagnosis))")
        }
    }

    @Test func theReportLoadsWithoutAConsoleErrorOrAFailedRequestAndItsFailingDiagramIsShown() async throws {
        try await Self.requireWorkingBrowser()
        let html = HTMLReport.render(SummaryRun(HTMLReportTests.mixed, transcripts: true), redactor: Redactor())
        let screenshot = Self.folder.appendingPathComponent("failing-case.png")
        try? FileManager.default.removeItem(at: screenshot)
        let loaded = try await Self.load(html, name: "report.html", fragment: "#case-0", output: "--screenshot=\(screenshot.path)")
        #expect(loaded.status == 0, "\(loaded.diagnosis)")
        #expect(loaded.problems.isEmpty, "\(loaded.problems)")
        let size = (try? FileManager.default.attributesOfItem(atPath: screenshot.path)[.size] as? Int) ?? 0
        #expect(size > 10_000, "no screenshot at \(screenshot.path); \(loaded.diagnosis)")
        print("screenshot of the failing case's diagram: \(screenshot.path)")
    }

    /// The check itself can fail: the report with an image and a script slipped in is caught twice.
    @Test func aReportWithAnImageOrAScriptSlippedInIsCaught() async throws {
        try await Self.requireWorkingBrowser()
        let html = HTMLReport.render(SummaryRun(HTMLReportTests.mixed, transcripts: true), redactor: Redactor())
            .replacingOccurrences(of: "<main>", with: "<main><img src=\"missing.png\"><script>console.error('boom')</script>")
        let loaded = try await Self.load(html, name: "broken.html")
        #expect(loaded.status == 0, "\(loaded.diagnosis)")
        #expect(loaded.problems.contains { $0.contains("missing.png") }, "\(loaded.problems); \(loaded.diagnosis)")
        #expect(loaded.problems.contains { $0.contains("inline script") }, "\(loaded.problems); \(loaded.diagnosis)")
    }

    /// A printout cannot be clicked open, so closed cases print their contents too (the skip's reason, why a case did
    /// not run): Chromium prints the report to PDF and poppler's `pdftotext` reads it back.
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/pdftotext"), "needs poppler-utils (make deps installs it)"))
    func aPrintoutHoldsWhatClosedCasesContain() async throws {
        try await Self.requireWorkingBrowser()
        let html = HTMLReport.render(SummaryRun(HTMLReportTests.mixed, transcripts: true), redactor: Redactor())
        let pdf = Self.folder.appendingPathComponent("report.pdf")
        try? FileManager.default.removeItem(at: pdf)
        let printed = try await Self.load(html, name: "print.html", output: "--print-to-pdf=\(pdf.path)")
        try #require(printed.status == 0, "\(printed.diagnosis)")
        let (read, text) = try await runCommand(["/usr/bin/pdftotext", pdf.path, "-"])
        try #require(read == 0, "pdftotext: \(text)")
        for closed in ["integration lacks capability wipe", "the restart budget is spent", "expected failure: SDK 19.3 shows the dialog late"] {
            #expect(text.contains(closed), "the printout lacks a closed case's \"\(closed)\"")
        }
    }

    @Test(arguments: [
        ("[1:2:1128/012305.499697:ERROR:dbus/bus.cc:405] Failed to connect to the bus: no socket\nreal trouble", "real trouble"),
        ("/usr/bin/chromium: 9: [: 1: unexpected operator\n[1:1:WARNING:x.cc:1] noise\nTrace/breakpoint trap", "Trace/breakpoint trap"),
        ("", "(no output)"),
    ])
    func theDiagnosisKeepsWhatIsNotChromiumsUsualNoise(output: String, gist: String) {
        #expect(HeadlessChromium.gist(of: output) == gist)
    }
}

/// Where Debian installs Chromium, if it does, and how the tests start it.
enum HeadlessChromium {
    /// The browser itself rather than Debian's launcher script where it exists: the script adds flags of its own from
    /// `/etc/chromium.d` (extensions, a shared-memory guess from `findmnt`) that make a run depend on the machine.
    static let path = ["/usr/lib/chromium/chromium", "/usr/bin/chromium", "/usr/bin/chromium-browser"]
        .first { FileManager.default.isExecutableFile(atPath: $0) }

    /// Headless, offline and quiet: no GPU, no sandbox (CI runs as root), shared memory in /tmp (a container's
    /// /dev/shm may be tiny), no background traffic, no crash reporter; console messages on standard error.
    static var command: [String] {
        [path ?? "chromium", "--headless=new", "--disable-gpu", "--no-sandbox", "--no-first-run", "--no-default-browser-check",
         "--disable-dev-shm-usage", "--disable-background-networking", "--disable-component-update", "--disable-extensions",
         "--disable-breakpad", "--enable-logging=stderr", "--v=0", "--window-size=1280,2000", "--virtual-time-budget=2000"]
    }

    /// The last few lines of Chromium's output that are not its usual complaints about a machine without a desktop
    /// (D-Bus, warnings, the launcher's shell noise), joined on one line and bounded.
    static func gist(of output: String) -> String {
        let noise = ["dbus", ":WARNING:", "unexpected operator"]
        let lines = output.split(separator: "\n").map(String.init).filter { line in !noise.contains { line.contains($0) } }
        let kept = lines.suffix(3).joined(separator: " | ")
        return kept.isEmpty ? "(no output)" : String(kept.prefix(600))
    }
}
