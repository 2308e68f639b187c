import Foundation
import ServiceSupport

/// What libcurl's callbacks share during one transfer; touched only on the transfer's thread.
final class CurlTransfer {
    let limit: Int
    let control: RequestControl
    var body = Data()
    var status = 0
    var contentType: String?
    /// The current response's header fields by lower-cased name, the first value of each.
    var headerFields: [String: String] = [:]
    var contentLength: Int?
    var contentEncodings: [String] = []
    var failure: ServiceError?

    init(limit: Int, control: RequestControl) {
        self.limit = limit
        self.control = control
    }

    /// A header line of any response on the way (redirects and 1xx included).
    func header(_ line: String) -> Bool {
        if line.hasPrefix("HTTP/") {
            let fields = line.split(separator: " ", maxSplits: 2)
            status = fields.count > 1 ? Int(fields[1]) ?? 0 : 0
            contentType = nil
            headerFields = [:]
            contentLength = nil
            contentEncodings = []
            body = Data()
            return true
        }
        let trimmed = HTTPBytes.trimmed(line.trimmingCharacters(in: .newlines))
        if trimmed.isEmpty {
            guard !(300..<400).contains(status) && !(100..<200).contains(status) else { return true }
            if contentEncodings.isEmpty, let contentLength, contentLength > limit {
                failure = .tooLarge.with(detail: "the server announced \(contentLength) bytes; the limit is \(limit)")
                return false
            }
            return true
        }
        guard let colon = trimmed.firstIndex(of: ":") else { return true }
        let name = trimmed[..<colon].lowercased()
        let value = HTTPBytes.trimmed(trimmed[trimmed.index(after: colon)...])
        if headerFields[name] == nil { headerFields[name] = value }
        switch name {
        case "content-type": contentType = value
        case "content-length": contentLength = Int(value)
        case "content-encoding":
            let codings = value.split(separator: ",").map { HTTPBytes.trimmed($0).lowercased() }.filter { $0 != "identity" && !$0.isEmpty }
            contentEncodings += codings
        default: break
        }
        return true
    }

    /// Decoded body bytes; false stops the transfer once the cap would be passed.
    func write(_ bytes: UnsafeRawBufferPointer) -> Bool {
        guard failure == nil else { return false }
        guard bytes.count <= limit - body.count else {
            body = Data()
            failure = .tooLarge.with(detail: contentEncodings.isEmpty ? "the answer is larger than \(limit) bytes"
                                                                      : "the answer inflates to more than \(limit) bytes")
            return false
        }
        body.append(contentsOf: bytes)
        return true
    }
}

/// libcurl's write callback: decoded body bytes for the `CurlTransfer` behind the context pointer.
let curlWrite: CurlLibrary.WriteCallback = { data, size, count, context in
    guard let context else { return 0 }
    let transfer = Unmanaged<CurlTransfer>.fromOpaque(context).takeUnretainedValue()
    let total = size * count
    return transfer.write(UnsafeRawBufferPointer(start: data, count: total)) ? total : 0
}

/// libcurl's header callback: one header line at a time.
let curlHeader: CurlLibrary.WriteCallback = { data, size, count, context in
    guard let context, let data else { return 0 }
    let transfer = Unmanaged<CurlTransfer>.fromOpaque(context).takeUnretainedValue()
    let total = size * count
    let line = String(decoding: UnsafeRawBufferPointer(start: data, count: total), as: UTF8.self)
    return transfer.header(line) ? total : 0
}

/// libcurl's progress callback: non-zero ends the transfer (the request was cancelled).
let curlProgress: CurlLibrary.TransferInfoCallback = { context, _, _, _, _ in
    guard let context else { return 1 }
    return Unmanaged<CurlTransfer>.fromOpaque(context).takeUnretainedValue().control.isCancelled ? 1 : 0
}
