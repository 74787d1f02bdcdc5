package io.dispatch.command.proofmedia.domain;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.zip.CRC32;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;

/** The content check of proof media on real images made here with javax.imageio, and on forged ones. */
class ImageContentTest {

    @Test
    void a_real_jpeg_passes_with_its_size_and_all_its_bytes() throws IOException {
        byte[] jpeg = image("jpg", 640, 480);

        CheckedImage checked = ImageContent.check(ImageType.JPEG, jpeg);

        assertThat(checked.type()).isEqualTo(ImageType.JPEG);
        assertThat(checked.width()).isEqualTo(640);
        assertThat(checked.height()).isEqualTo(480);
        assertThat(checked.bytes()).isEqualTo(jpeg);
    }

    @Test
    void a_real_png_passes_with_its_size_and_all_its_bytes() throws IOException {
        byte[] png = image("png", 300, 120);

        CheckedImage checked = ImageContent.check(ImageType.PNG, png);

        assertThat(checked.type()).isEqualTo(ImageType.PNG);
        assertThat(checked.width()).isEqualTo(300);
        assertThat(checked.height()).isEqualTo(120);
        assertThat(checked.bytes()).isEqualTo(png);
    }

    @Test
    void a_png_sent_as_a_jpeg_is_refused_and_so_is_a_jpeg_sent_as_a_png() throws IOException {
        assertRefused(ImageType.JPEG, image("png", 40, 40), "is a PNG image, not the JPEG");
        assertRefused(ImageType.PNG, image("jpg", 40, 40), "is a JPEG image, not the PNG");
    }

    @Test
    void a_truncated_image_is_refused() throws IOException {
        byte[] jpeg = image("jpg", 320, 240);
        byte[] png = image("png", 320, 240);

        assertRefused(ImageType.JPEG, Arrays.copyOf(jpeg, jpeg.length / 2), "not a complete JPEG");
        assertRefused(ImageType.JPEG, Arrays.copyOf(jpeg, jpeg.length - 2), "not a complete JPEG");
        assertRefused(ImageType.JPEG, Arrays.copyOf(jpeg, 3), "not a complete JPEG");
        assertRefused(ImageType.PNG, Arrays.copyOf(png, png.length / 2), "not a complete PNG");
        assertRefused(ImageType.PNG, Arrays.copyOf(png, png.length - 1), "not a complete PNG");
        assertRefused(ImageType.PNG, Arrays.copyOf(png, 8), "not a complete PNG");
    }

    @Test
    void a_header_claiming_100000_by_100000_pixels_is_refused_without_decoding_anything() {
        byte[] forged = forgedPng(100_000, 100_000);

        long started = System.nanoTime();
        assertRefused(ImageType.PNG, forged, "declares 100000x100000 pixels");
        assertThat(System.nanoTime() - started).as("no decode").isLessThan(1_000_000_000L);
    }

    @Test
    void a_jpeg_whose_frame_header_claims_60000_by_60000_pixels_is_refused() throws IOException {
        byte[] jpeg = image("jpg", 64, 64);
        int frame = frameHeader(jpeg);
        jpeg[frame + 5] = (byte) (60_000 >> 8);
        jpeg[frame + 6] = (byte) 60_000;
        jpeg[frame + 7] = (byte) (60_000 >> 8);
        jpeg[frame + 8] = (byte) 60_000;

        assertRefused(ImageType.JPEG, jpeg, "declares 60000x60000 pixels");
    }

    @Test
    void sizes_within_the_bounds_pass_and_past_them_are_refused() {
        assertThat(ImageContent.check(ImageType.PNG, forgedPng(10_000, 4_000)).width())
                .isEqualTo(10_000);
        assertRefused(ImageType.PNG, forgedPng(10_001, 10), "declares 10001x10 pixels");
        assertRefused(ImageType.PNG, forgedPng(8_000, 6_000), "declares 8000x6000 pixels");
        assertRefused(ImageType.PNG, forgedPng(0, 10), "declares no pixels");
    }

    @Test
    void an_empty_body_is_refused() {
        assertRefused(ImageType.JPEG, new byte[0], "is empty");
        assertRefused(ImageType.PNG, new byte[0], "is empty");
    }

    @Test
    void a_body_that_is_no_image_is_refused() {
        byte[] html = "<html><script>alert(1)</script></html>".getBytes(StandardCharsets.UTF_8);

        assertRefused(ImageType.JPEG, html, "is not a JPEG or PNG image");
        assertRefused(ImageType.PNG, new byte[] {(byte) 0x89, 'P', 'N', 'G'}, "is not a JPEG or PNG image");
    }

    @Test
    void a_png_with_a_corrupt_chunk_is_refused() throws IOException {
        byte[] png = image("png", 50, 50);
        png[png.length - 20] ^= 0x55; // inside the last IDAT

        assertRefused(ImageType.PNG, png, "corrupt");
    }

    @Test
    void a_jpeg_without_image_data_is_refused() {
        byte[] noScan = {(byte) 0xFF, (byte) 0xD8, (byte) 0xFF, (byte) 0xD9};

        assertRefused(ImageType.JPEG, noScan, "no image data");
    }

    @Test
    void bytes_after_the_end_marker_are_not_part_of_the_image() throws IOException {
        byte[] jpeg = image("jpg", 80, 60);
        byte[] png = image("png", 80, 60);
        byte[] trailer = "<html>not an image</html>".getBytes(StandardCharsets.UTF_8);

        assertThat(ImageContent.check(ImageType.JPEG, concat(jpeg, trailer)).bytes())
                .isEqualTo(jpeg);
        assertThat(ImageContent.check(ImageType.PNG, concat(png, trailer)).bytes())
                .isEqualTo(png);
    }

    @Test
    void the_media_type_is_read_without_its_parameters_and_case() {
        assertThat(ImageType.ofMediaType("image/jpeg")).contains(ImageType.JPEG);
        assertThat(ImageType.ofMediaType("Image/PNG; charset=binary")).contains(ImageType.PNG);
        assertThat(ImageType.ofMediaType("image/gif")).isEmpty();
        assertThat(ImageType.ofMediaType("application/json")).isEmpty();
        assertThat(ImageType.ofMediaType(null)).isEmpty();
    }

    private static void assertRefused(ImageType claimed, byte[] body, String message) {
        assertThatThrownBy(() -> ImageContent.check(claimed, body))
                .isInstanceOf(ImageRefused.class)
                .hasMessageContaining(message);
    }

    /** A photo-like picture, so the encoders have something to compress. */
    static byte[] image(String format, int width, int height) throws IOException {
        BufferedImage picture = new BufferedImage(width, height, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = picture.createGraphics();
        g.setColor(new Color(0x2E7D32));
        g.fillRect(0, 0, width, height);
        g.setColor(Color.ORANGE);
        g.fillOval(width / 4, height / 4, width / 2, height / 2);
        g.dispose();
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        assertThat(ImageIO.write(picture, format, out))
                .as("an ImageIO writer for " + format)
                .isTrue();
        return out.toByteArray();
    }

    /** A PNG of one IHDR declaring the given size, one tiny IDAT and IEND, every CRC right. */
    static byte[] forgedPng(int width, int height) {
        ByteBuffer ihdr = ByteBuffer.allocate(13)
                .putInt(width)
                .putInt(height)
                .put((byte) 8)
                .put((byte) 2)
                .put((byte) 0)
                .put((byte) 0)
                .put((byte) 0);
        return concat(
                new byte[] {(byte) 0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n'},
                chunk("IHDR", ihdr.array()),
                chunk("IDAT", new byte[] {0x78, (byte) 0x9C, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01}),
                chunk("IEND", new byte[0]));
    }

    private static byte[] chunk(String type, byte[] data) {
        byte[] typeBytes = type.getBytes(StandardCharsets.US_ASCII);
        CRC32 crc = new CRC32();
        crc.update(typeBytes);
        crc.update(data);
        return ByteBuffer.allocate(12 + data.length)
                .putInt(data.length)
                .put(typeBytes)
                .put(data)
                .putInt((int) crc.getValue())
                .array();
    }

    /** Where the baseline frame header (FF C0) of a JPEG starts. */
    private static int frameHeader(byte[] jpeg) {
        for (int i = 0; i + 1 < jpeg.length; i++) {
            if ((jpeg[i] & 0xFF) == 0xFF && (jpeg[i + 1] & 0xFF) == 0xC0) {
                return i;
            }
        }
        throw new AssertionError("no SOF0 in the JPEG");
    }

    private static byte[] concat(byte[]... parts) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (byte[] part : parts) {
            out.writeBytes(part);
        }
        return out.toByteArray();
    }
}
