import KineticCLI

/// The service's URL → options parser: the input is a request target (`/count.svg?to=1234&format=currency`), its
/// query split at `&` and `=` and percent-decoded as the HTTP library does; the first byte picks the method. The
/// service must answer a status it documents (200, 304, 400, 404, 405, 414, 422, 503) — never a 500 or a trap — and
/// every error as one non-empty line.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = UnsafeBufferPointer(start: data, count: size)
    guard let pick = bytes.first else { return 0 }
    let methods = ["GET", "HEAD", "GET", "POST", "GET", "OPTIONS", "GET", "HEAD"]
    let target = Array(bytes.dropFirst())
    let question = target.firstIndex(of: UInt8(ascii: "?")) ?? target.count
    let path = decode(target[..<question])
    var query: [(name: String, value: String)] = []
    if question < target.count {
        for pair in target[(question + 1)...].split(separator: UInt8(ascii: "&"), omittingEmptySubsequences: true) {
            let equals = pair.firstIndex(of: UInt8(ascii: "=")) ?? pair.endIndex
            let value = equals < pair.endIndex ? decode(pair[(equals + 1)...]) : ""
            query.append((decode(pair[..<equals]), value))
        }
    }
    let answer = ServiceRequestCheck.answer(
        method: methods[Int(pick) % methods.count], path: path.hasPrefix("/") ? path : "/" + path, query: query,
        ifNoneMatch: pick & 0x80 != 0 ? "\"0\", W/\"1\"" : nil)
    guard [200, 304, 400, 404, 405, 414, 422, 503].contains(answer.status) else {
        fatalError("\(path) \(query) answered \(answer.status): \(answer.message)")
    }
    if answer.status >= 400 {
        guard answer.message.hasSuffix("\n"), answer.message.filter({ $0 == "\n" }).count == 1,
            answer.message.count > 1
        else { fatalError("\(path) \(query): not one line: \(answer.message.debugDescription)") }
    }
    return 0
}

/// `%XX` and `+` decoded, as libmicrohttpd decodes a query; the bytes read as UTF-8 (invalid ones replaced, as a
/// request the service refuses as not UTF-8 would never reach the parser).
private func decode(_ bytes: ArraySlice<UInt8>) -> String {
    var out: [UInt8] = []
    var index = bytes.startIndex
    func hex(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
    while index < bytes.endIndex {
        let byte = bytes[index]
        if byte == UInt8(ascii: "%"), index + 2 < bytes.endIndex, let high = hex(bytes[index + 1]),
            let low = hex(bytes[index + 2])
        {
            out.append(high << 4 | low)
            index += 3
            continue
        }
        out.append(byte == UInt8(ascii: "+") ? UInt8(ascii: " ") : byte)
        index += 1
    }
    return String(decoding: out, as: UTF8.self)
}
