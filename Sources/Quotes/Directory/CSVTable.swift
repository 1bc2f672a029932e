/// RFC 4180 comma-separated values: fields in double quotes may hold commas, line breaks and
/// doubled quotes (`""`); a UTF-8 byte order mark at the start is skipped; `\r\n` and `\n` both
/// end a record; empty lines are no records.
public enum CSVTable {
    /// Why a text is not CSV.
    public enum ParseError: Error, Sendable, Hashable, CustomStringConvertible {
        /// A quoted field is still open at the end of the text (it started on `line`).
        case unterminatedQuote(line: Int)
        /// A character other than a comma or the end of the line follows a closing quote.
        case textAfterQuote(line: Int)

        public var description: String {
            switch self {
            case .unterminatedQuote(let line): return "line \(line): a quoted field is never closed"
            case .textAfterQuote(let line): return "line \(line): text after a closing quote (a quote inside a field is written \"\")"
            }
        }
    }

    /// The records of `text`, each a list of fields, in order.
    public static func parse(_ text: String) throws(ParseError) -> [[String]] {
        var bytes = Array(text.utf8)[...]
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = bytes.dropFirst(3) }
        var records: [[String]] = []
        var record: [String] = []
        var field: [UInt8] = []
        var line = 1
        var index = bytes.startIndex
        func endRecord() {
            record.append(String(decoding: field, as: UTF8.self))
            field.removeAll(keepingCapacity: true)
            if !(record.count == 1 && record[0].isEmpty) { records.append(record) }
            record = []
        }
        while index < bytes.endIndex {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                let opened = line
                index += 1
                while true {
                    guard index < bytes.endIndex else { throw .unterminatedQuote(line: opened) }
                    let inner = bytes[index]
                    if inner == UInt8(ascii: "\"") {
                        if index + 1 < bytes.endIndex, bytes[index + 1] == UInt8(ascii: "\"") {
                            field.append(inner)
                            index += 2
                            continue
                        }
                        index += 1
                        break
                    }
                    if inner == UInt8(ascii: "\n") { line += 1 }
                    field.append(inner)
                    index += 1
                }
                if index < bytes.endIndex, ![UInt8(ascii: ","), UInt8(ascii: "\n"), UInt8(ascii: "\r")].contains(bytes[index]) {
                    throw .textAfterQuote(line: line)
                }
            case UInt8(ascii: ","):
                record.append(String(decoding: field, as: UTF8.self))
                field.removeAll(keepingCapacity: true)
                index += 1
            case UInt8(ascii: "\r") where index + 1 < bytes.endIndex && bytes[index + 1] == UInt8(ascii: "\n"):
                index += 1
            case UInt8(ascii: "\n"):
                endRecord()
                line += 1
                index += 1
            default:
                field.append(byte)
                index += 1
            }
        }
        if !field.isEmpty || !record.isEmpty { endRecord() }
        return records
    }

    /// `fields` as one CSV record (no line break): a field holding a comma, a quote or a line
    /// break is quoted, its quotes doubled.
    public static func record(_ fields: [String]) -> String {
        fields.map { field in
            guard field.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return field }
            return "\"" + field.split(separator: "\"", omittingEmptySubsequences: false).joined(separator: "\"\"") + "\""
        }.joined(separator: ",")
    }
}
