package io.dpmarl.core.experiment;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The record of the CSV reader: its fields and the per-column interning against the previous record. */
class CsvRecordTest {

    private static String intern(CsvRecord record, String text) {
        // The field sits in the middle of a larger array, as it does in the reader's block.
        char[] chars = ("[[" + text + "]]").toCharArray();
        String value = record.intern(chars, 2, text.length());
        record.add(value);
        return value;
    }

    /**
     * Record 1 = (run-a, loss), record 2 = (run-a, los), record 3 = (los, los). Expected by the interning rule
     * (equal to the same column of the previous record gives that record's instance): record 2's run-a is record
     * 1's instance; its "los" is a new string although "loss" starts with it; record 3's column 0 "los" is new
     * (column 0 held run-a), its column 1 is record 2's instance. Catches: dropping the length comparison (would
     * return "loss" for "los"), one cache for all columns, no interning at all, an interned copy of the wrong range.
     */
    @Test
    void internsAgainstTheSameColumnOfThePreviousRecordOnly() {
        CsvRecord record = new CsvRecord();
        String runA = intern(record, "run-a");
        String loss = intern(record, "loss");
        assertEquals(List.of("run-a", "loss"), record.fields());

        record.clear();
        assertSame(runA, intern(record, "run-a"));
        String los = intern(record, "los");
        assertEquals("los", los);
        assertNotSame(loss, los);

        record.clear();
        String columnZero = intern(record, "los");
        assertEquals("los", columnZero);
        assertNotSame(los, columnZero, "column 0 is compared with column 0 (run-a), not with column 1");
        assertSame(los, intern(record, "los"));
        assertEquals(List.of("los", "los"), record.fields());
    }

    /**
     * Ten fields (beyond the initial capacity of 8) and a 300-character pending field (beyond 256) keep every
     * character; after clear() the old fields are not readable. Catches: a lost field or character on growth, an
     * index check that lets a cleared record return its old fields.
     */
    @Test
    void growsAndForgetsClearedFields() {
        CsvRecord record = new CsvRecord();
        StringBuilder expected = new StringBuilder();
        int length = 0;
        for (int i = 0; i < 300; i++) {
            char ch = (char) ('a' + i % 26);
            expected.append(ch);
            length = record.put(length, ch);
        }
        assertEquals(300, length);
        record.add(record.internPending(length));
        for (int i = 1; i < 10; i++) {
            intern(record, "f" + i);
        }
        assertEquals(10, record.size());
        assertEquals(expected.toString(), record.field(0));
        assertEquals("f9", record.field(9));
        assertThrows(IndexOutOfBoundsException.class, () -> record.field(10));

        record.clear();
        assertEquals(0, record.size());
        assertEquals(List.of(), record.fields());
        assertThrows(IndexOutOfBoundsException.class, () -> record.field(0));
    }
}
