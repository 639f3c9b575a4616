#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import ConformanceCore
import Foundation

/// Turns what a user names on the command line (files, directories, glob patterns) into suite files.
public enum SuitePaths {
    /// The name of the requirement catalog, which lives among the suites but is not one.
    public static let catalogName = "requirements.yaml"

    /// Suite files for each argument: a directory gives its `*.yaml`/`*.yml` files, a pattern its matches,
    /// both without the requirement catalog; a file is taken as it is. Arguments that name nothing are errors.
    public static func expand(_ arguments: [String]) -> (files: [String], errors: [SuiteError]) {
        var files: [String] = []
        var errors: [SuiteError] = []
        for argument in arguments {
            if argument.contains(where: { "*?[".contains($0) }) {
                let matches = glob(argument).filter { !isDirectory($0) && isSuiteName($0) }
                if matches.isEmpty { errors.append(SuiteError(SourceLocation(file: argument, line: 1, column: 1), "no suite file matches this pattern")) }
                files += matches
            } else if isDirectory(argument) {
                let found = SuiteLoader.suiteFiles(in: argument)
                if found.isEmpty { errors.append(SuiteError(SourceLocation(file: argument, line: 1, column: 1), "no suite files (*.yaml) in this directory")) }
                files += found
            } else {
                files.append(argument)
            }
        }
        var seen: Set<String> = []
        return (files.filter { seen.insert($0).inserted }, errors)
    }

    /// Why a suite file cannot be read, in words a user acts on; nil when it can.
    public static func unreadable(_ path: String) -> String? {
        switch InputFile.regularFileSize(path) {
        case .success(let size) where size > InputFile.byteLimit: return why(.tooLarge)
        case .success: return FileManager.default.isReadableFile(atPath: path) ? nil : "permission denied: the file cannot be read"
        case .failure(let problem): return why(problem)
        }
    }

    /// Why a suite file was not read, in words a user acts on.
    static func why(_ problem: InputFile.Problem) -> String {
        problem == .directory ? "this is a directory; name the suite files in it, or the directory alone" : problem.description
    }

    static func isSuiteName(_ path: String) -> Bool {
        let name = (path as NSString).lastPathComponent
        return (name.hasSuffix(".yaml") || name.hasSuffix(".yml")) && name != catalogName
    }

    static func isDirectory(_ path: String) -> Bool {
        var directory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &directory) && directory.boolValue
    }

    static func glob(_ pattern: String) -> [String] {
        var result = glob_t()
        defer { globfree(&result) }
        guard Glibc.glob(pattern, 0, nil, &result) == 0 else { return [] }
        return (0..<Int(result.gl_pathc)).compactMap { index in result.gl_pathv[index].map { String(cString: $0) } }.sorted()
    }
}
