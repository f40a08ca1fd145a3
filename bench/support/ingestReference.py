"""The reference reader: openpyxl load_workbook(read_only=True) iterating every cell of the first sheet.

usage: ingestReference.py FILE.xlsx -> prints {"seconds", "cpu_seconds", "rows", "cells"} as JSON (cells = non-empty values).
"""
import json
import sys
import time

from openpyxl import load_workbook

start = time.perf_counter()
cpu_start = time.process_time()
wb = load_workbook(sys.argv[1], read_only=True, data_only=True)
ws = wb.worksheets[0]
rows = cells = 0
for row in ws.iter_rows(values_only=True):
    rows += 1
    for value in row:
        if value is not None:
            cells += 1
wb.close()
print(json.dumps({"seconds": time.perf_counter() - start, "cpu_seconds": time.process_time() - cpu_start, "rows": rows, "cells": cells}))
