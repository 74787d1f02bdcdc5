package io.dispatch.command.admin;

import io.nayuki.qrcodegen.QrCode;
import java.util.ArrayList;
import java.util.List;

/**
 * A QR code as its module matrix: {@code rows[y].charAt(x)} is '1' for a dark module. The page
 * draws it on a canvas (with the quiet zone around it), so no image is generated on the server.
 * Error correction MEDIUM: a phone reads it from a screen at arm's length.
 */
public record EnrolmentQr(int size, List<String> rows) {

    public static EnrolmentQr of(String text) {
        QrCode code = QrCode.encodeText(text, QrCode.Ecc.MEDIUM);
        List<String> rows = new ArrayList<>(code.size);
        for (int y = 0; y < code.size; y++) {
            StringBuilder row = new StringBuilder(code.size);
            for (int x = 0; x < code.size; x++) {
                row.append(code.getModule(x, y) ? '1' : '0');
            }
            rows.add(row.toString());
        }
        return new EnrolmentQr(code.size, List.copyOf(rows));
    }
}
