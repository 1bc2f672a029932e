extension [UInt8] {
    /// Appends `text` as a quoted JSON string, escaping quotes, backslashes and control
    /// characters.
    mutating func appendJSONString(_ text: String) {
        append(UInt8(ascii: "\""))
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"):
                append(UInt8(ascii: "\\"))
                append(byte)
            case 0..<0x20:
                let hex = Array("0123456789abcdef".utf8)
                append(contentsOf: Array("\\u00".utf8))
                append(hex[Int(byte >> 4)])
                append(hex[Int(byte & 15)])
            default:
                append(byte)
            }
        }
        append(UInt8(ascii: "\""))
    }
}
