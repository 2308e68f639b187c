import Foundation
import ServiceSupport

/// One GET over libcurl's easy API on the calling (dedicated) thread, for https. libcurl follows
/// redirects itself (http and https only, up to the count left), decodes gzip and deflate, and hands
/// decoded bytes to a write callback that holds the cap; a progress callback ends the transfer when the
/// request is cancelled.
enum CurlExchange {
    struct Answer {
        let status: Int
        let contentType: String?
        let body: Data
        /// The final response's header fields by lower-cased name, the first value of each.
        let fields: [String: String]
        /// Where the last redirect led, when there was one.
        let redirectedURL: URL?
    }

    static func run(_ url: URL, accept: String?, limit: Int, maxRedirects: Int, control: RequestControl,
                    curl: CurlLibrary) throws(ServiceError) -> Answer {
        let place = "\(url.host ?? "?"):\(url.port ?? 443)"
        guard let handle = curl.easyInit() else {
            throw .unreachable.with(detail: "libcurl could not start a transfer")
        }
        defer { curl.easyCleanup(handle) }
        let transfer = CurlTransfer(limit: limit, control: control)
        let errorBuffer = UnsafeMutablePointer<CChar>.allocate(capacity: 256)
        errorBuffer.initialize(repeating: 0, count: 256)
        defer { errorBuffer.deallocate() }
        var headers: OpaquePointer?
        if let accept { headers = curl.listAppend(headers, "Accept: \(accept)") }
        defer { curl.listFree(headers) }

        let milliseconds = control.millisecondsLeft
        guard milliseconds > 0 else { throw control.timeoutError(place) }
        let context = UnsafeRawPointer(Unmanaged.passUnretained(transfer).toOpaque())
        var failedOption: Int32 = 0
        func set(_ option: Int32, _ status: Int32) {
            if status != 0 && failedOption == 0 { failedOption = option }
        }
        set(CurlOption.url, curl.setPointer(handle, CurlOption.url, url.absoluteString))
        set(CurlOption.errorBuffer, curl.setPointer(handle, CurlOption.errorBuffer, errorBuffer))
        set(CurlOption.noSignal, curl.setLong(handle, CurlOption.noSignal, 1))
        set(CurlOption.userAgent, curl.setPointer(handle, CurlOption.userAgent, "RecipeBook/1.0"))
        set(CurlOption.acceptEncoding, curl.setPointer(handle, CurlOption.acceptEncoding, ""))
        set(CurlOption.timeoutMilliseconds, curl.setLong(handle, CurlOption.timeoutMilliseconds, milliseconds))
        set(CurlOption.followLocation, curl.setLong(handle, CurlOption.followLocation, 1))
        set(CurlOption.maxRedirects, curl.setLong(handle, CurlOption.maxRedirects, max(0, maxRedirects)))
        // The text forms since libcurl 7.85; the bit masks before.
        if curl.setPointer(handle, CurlOption.protocolsText, "http,https") != 0 {
            set(CurlOption.protocols, curl.setLong(handle, CurlOption.protocols, CurlOption.webProtocols))
        }
        if curl.setPointer(handle, CurlOption.redirectProtocolsText, "http,https") != 0 {
            set(CurlOption.redirectProtocols, curl.setLong(handle, CurlOption.redirectProtocols, CurlOption.webProtocols))
        }
        if let headers { set(CurlOption.httpHeader, curl.setPointer(handle, CurlOption.httpHeader, UnsafeRawPointer(headers))) }
        if let bundle = ProcessInfo.processInfo.environment["SSL_CERT_FILE"], !bundle.isEmpty {
            set(CurlOption.caInfo, curl.setPointer(handle, CurlOption.caInfo, bundle))
        }
        set(CurlOption.writeFunction, curl.setWriteCallback(handle, CurlOption.writeFunction, curlWrite))
        set(CurlOption.writeData, curl.setPointer(handle, CurlOption.writeData, context))
        set(CurlOption.headerFunction, curl.setWriteCallback(handle, CurlOption.headerFunction, curlHeader))
        set(CurlOption.headerData, curl.setPointer(handle, CurlOption.headerData, context))
        set(CurlOption.transferInfoFunction, curl.setTransferInfoCallback(handle, CurlOption.transferInfoFunction, curlProgress))
        set(CurlOption.transferInfoData, curl.setPointer(handle, CurlOption.transferInfoData, context))
        set(CurlOption.noProgress, curl.setLong(handle, CurlOption.noProgress, 0))
        guard failedOption == 0 else {
            throw .unreachable.with(detail: "this libcurl does not take option \(failedOption)")
        }

        let code = withExtendedLifetime(transfer) { curl.easyPerform(handle) }
        guard code == 0 else {
            let message = errorBuffer.pointee != 0 ? String(cString: errorBuffer) : curl.errorText(code).map { String(cString: $0) } ?? "error \(code)"
            throw error(code, message: message, transfer: transfer, control: control, place: place, maxRedirects: maxRedirects, url: url)
        }
        var redirects = 0
        _ = curl.getInfo(handle, CurlInfo.redirectCount, &redirects)
        var effective: UnsafePointer<CChar>?
        _ = curl.getInfo(handle, CurlInfo.effectiveURL, &effective)
        let redirectedURL = redirects > 0 ? effective.flatMap { URL(string: String(cString: $0)) } : nil
        return Answer(status: transfer.status, contentType: transfer.contentType, body: transfer.body, fields: transfer.headerFields,
                      redirectedURL: redirectedURL)
    }

    /// RecipeBook's error for a libcurl result code.
    private static func error(_ code: Int32, message: String, transfer: CurlTransfer, control: RequestControl, place: String,
                              maxRedirects: Int, url: URL) -> ServiceError {
        if let failure = transfer.failure { return failure }
        if control.isCancelled { return .cancelled }
        switch code {
        case 28:
            return control.timeoutError(place)
        case 5, 6:
            return .unreachable.with(detail: "cannot find \(url.host ?? place) (\(message))")
        case 7:
            return .unreachable.with(detail: "cannot connect to \(place) (\(message))")
        case 51, 60:
            return .unreachable.with(detail: "the certificate of \(place) is not trusted (\(message))")
        case 35, 53, 54, 58, 59, 64, 66, 77, 80, 82, 83, 90, 91, 98:
            return .unreachable.with(detail: "no secure connection to \(place) (\(message))")
        case 47:
            return .redirectLoop.with(detail: "more than \(maxRedirects) redirects from \(url.absoluteString)")
        case 1, 3:
            return .malformedBody.with(detail: "\(place) redirected to an address RecipeBook does not follow (\(message))")
        case 8, 16, 61:
            return .malformedBody.with(detail: "\(place) sent a broken HTTP answer (\(message))")
        case 52:
            return .connectionLost.with(detail: "\(place) closed the connection without answering")
        case 18:
            return .connectionLost.with(detail: "the connection to \(place) closed before the answer was complete")
        case 42:
            return .cancelled
        default:
            return .connectionLost.with(detail: "the connection to \(place) broke (\(message))")
        }
    }
}
