import ConformanceCore
import Foundation
import JUnitXML

/// How the reporters that render a whole run into one file (the HTML report, the CI summary) write it: the path
/// checked, a missing folder made, the text rendered only then and written through ``AtomicFile`` (replaced, or
/// appended where several steps of a CI job share the file), and any failure a ``ReportFailure`` that names the
/// file and what it was meant to hold, so the console and the exit code say which report is missing.
enum ReportFile {
    enum Mode {
        /// A reader never sees half a file: a temporary file beside it, fsynced, renamed over it.
        case replace
        /// What others wrote stays; the text follows it (`$GITHUB_STEP_SUMMARY`).
        case append
    }

    static func write(to path: String, _ mode: Mode, what: String, _ render: () -> String) throws(ReportFailure) {
        do {
            try JUnitWriter.checkWritable(path)
            let folder = (path as NSString).deletingLastPathComponent
            if !folder.isEmpty {
                try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            }
            let data = Data(render().utf8)
            switch mode {
            case .replace: try AtomicFile.replace(URL(fileURLWithPath: path), with: data)
            case .append: try AtomicFile.append(URL(fileURLWithPath: path), with: data)
            }
        } catch {
            throw ReportFailure(target: path, message: "\(what) was not written: \(error)")
        }
    }
}
