import FoundationEssentials
import History
import StrategyKit
import Wire

/// How `tickwork history` prints rows: an aligned table for people (times in ISO-8601 UTC,
/// `_units` amounts in dollars), or the database's integers as they are in JSON or CSV.
enum HistoryOutput {
    enum Format {
        case table, json, csv
    }

    /// The rows in `format`, ending with a newline (nothing but the header for no rows).
    static func render(columns: [String], rows: [[SQLiteValue]], format: Format) -> String {
        switch format {
        case .table: table(columns: columns, rows: rows)
        case .json: json(columns: columns, rows: rows)
        case .csv: csv(columns: columns, rows: rows)
        }
    }

    static func render<Record: HistoryRecord>(_ records: [Record], format: Format) -> String {
        render(columns: Record.columns, rows: records.map(\.values), format: format)
    }

    private static func table(columns: [String], rows: [[SQLiteValue]]) -> String {
        let header = columns.map { column in
            var name = column
            for suffix in ["_units", "_shares", "_ns"] where name.hasSuffix(suffix) { name.removeLast(suffix.count) }
            return name.replacing("_", with: " ").uppercased()
        }
        var numeric = Set<Int>()
        let body = rows.map { row in
            row.enumerated().map { index, value -> String in
                switch value {
                case .null: return "-"
                case .text(let text): return text
                case .integer(let integer):
                    let column = columns[index]
                    if column.hasSuffix("_ns") { return Timestamp(nanoseconds: integer).iso8601 }
                    numeric.insert(index)
                    guard column.hasSuffix("_units") else { return String(integer) }
                    var bytes: [UInt8] = []
                    bytes.appendDollars(Money(units: integer))
                    return String(decoding: bytes, as: UTF8.self)
                }
            }
        }
        return TextTable.render([header] + body, rightAligned: numeric)
    }

    private static func json(columns: [String], rows: [[SQLiteValue]]) -> String {
        var bytes: [UInt8] = Array("[".utf8)
        for (number, row) in rows.enumerated() {
            bytes.append(contentsOf: Array((number == 0 ? "\n  {" : ",\n  {").utf8))
            for (index, value) in row.enumerated() {
                if index > 0 { bytes.append(contentsOf: Array(", ".utf8)) }
                bytes.appendJSONString(columns[index])
                bytes.append(contentsOf: Array(": ".utf8))
                switch value {
                case .null: bytes.append(contentsOf: Array("null".utf8))
                case .integer(let integer): bytes.appendDecimal(integer)
                case .text(let text): bytes.appendJSONString(text)
                }
            }
            bytes.append(UInt8(ascii: "}"))
        }
        bytes.append(contentsOf: Array((rows.isEmpty ? "]\n" : "\n]\n").utf8))
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func csv(columns: [String], rows: [[SQLiteValue]]) -> String {
        func field(_ text: String) -> String {
            guard text.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return text }
            return "\"" + text.replacing("\"", with: "\"\"") + "\""
        }
        var text = columns.map(field).joined(separator: ",") + "\n"
        for row in rows {
            text += row.map { value in
                switch value {
                case .null: ""
                case .integer(let integer): String(integer)
                case .text(let string): field(string)
                }
            }.joined(separator: ",") + "\n"
        }
        return text
    }
}
