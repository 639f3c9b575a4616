import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Number and date formats shared by all JUnit attributes, independent of the process locale.
enum JUnitFormat {
    /// Seconds with exactly three decimals (`12.345`), as both `xs:float` (Surefire) and the
    /// `SUREFIRE_TIME` pattern (junit-10.xsd) accept. Negative, NaN and infinite times become `0.000`.
    static func seconds(_ value: Double) -> String {
        guard value.isFinite, value > 0 else { return "0.000" }
        let millis = (value * 1000).rounded()
        guard millis < 9.0e15 else { return "0.000" }
        let whole = Int64(millis)
        let fraction = String(whole % 1000)
        return "\(whole / 1000)." + String(repeating: "0", count: 3 - fraction.count) + fraction
    }

    /// UTC `yyyy-MM-ddTHH:mm:ss` without a zone suffix: valid `xs:dateTime` for Surefire and the
    /// ISO 8601 form Ant's schema asks for.
    static func timestamp(_ date: Date) -> String {
        var seconds = time_t(date.timeIntervalSince1970.rounded(.down))
        var parts = tm()
        guard gmtime_r(&seconds, &parts) != nil else { return "1970-01-01T00:00:00" }
        func two(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
        let year = Int(parts.tm_year) + 1900
        let yearText = String(repeating: "0", count: max(0, 4 - String(year).count)) + String(year)
        return "\(yearText)-\(two(parts.tm_mon + 1))-\(two(parts.tm_mday))"
            + "T\(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec))"
    }
}
