// @vitest-environment jsdom
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useUploadProgress } from './use-upload-progress';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('useUploadProgress (requirements §4 Drop upload, §9 timings)', () => {
  it("shows 'Uploading...' then '✓ Success', removed after 2000 ms", () => {
    const { result } = renderHook(() => useUploadProgress());
    let id = 0;
    act(() => {
      id = result.current.start('a.pdf');
    });
    expect(result.current.entries).toEqual([{ id, name: 'a.pdf', status: 'uploading', text: 'Uploading...' }]);
    act(() => result.current.succeed(id));
    expect(result.current.entries[0]?.text).toBe('✓ Success');
    act(() => vi.advanceTimersByTime(1999));
    expect(result.current.entries).toHaveLength(1);
    act(() => vi.advanceTimersByTime(1));
    expect(result.current.entries).toEqual([]);
  });

  it("says '✓ Already in your library' for a file uploaded before, removed after 2000 ms like a success", () => {
    const { result } = renderHook(() => useUploadProgress());
    let id = 0;
    act(() => {
      id = result.current.start('again.pdf');
    });
    act(() => result.current.succeed(id, { isExisting: true }));
    expect(result.current.entries).toEqual([
      { id, name: 'again.pdf', status: 'success', text: '✓ Already in your library' },
    ]);
    act(() => vi.advanceTimersByTime(2000));
    expect(result.current.entries).toEqual([]);
  });

  it("shows '✗ Failed: …' with 30 characters of the reason, removed after 5000 ms", () => {
    const { result } = renderHook(() => useUploadProgress());
    let id = 0;
    act(() => {
      id = result.current.start('b.pdf');
    });
    act(() => result.current.fail(id, 'Only PDF files can be uploaded here, nothing else'));
    expect(result.current.entries[0]?.text).toBe('✗ Failed: Only PDF files can be uploaded...');
    act(() => vi.advanceTimersByTime(4999));
    expect(result.current.entries).toHaveLength(1);
    act(() => vi.advanceTimersByTime(1));
    expect(result.current.entries).toEqual([]);
  });

  it('keeps entries apart: one succeeds and goes, the other fails and stays longer', () => {
    const { result } = renderHook(() => useUploadProgress());
    let first = 0;
    let second = 0;
    act(() => {
      first = result.current.start('one.pdf');
      second = result.current.start('two.pdf');
    });
    act(() => {
      result.current.succeed(first);
      result.current.fail(second, 'boom');
    });
    act(() => vi.advanceTimersByTime(2000));
    expect(result.current.entries.map((entry) => entry.name)).toEqual(['two.pdf']);
    act(() => vi.advanceTimersByTime(3000));
    expect(result.current.entries).toEqual([]);
  });
});
