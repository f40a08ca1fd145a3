"""Writes the benchmark registry with openpyxl in write_only mode (a writer that is not ours).

usage: ingestRegistry.py OUT.xlsx ROWS COLUMNS.json
COLUMNS.json: [{"header": "...", "value": "contract_id", "kind": "text"}, ...] (the "ЭТП РД" template's columns).
Deterministic (seeded); no personal data, every row valid, so ingestion runs to the end.
"""
import datetime
import json
import random
import sys

from openpyxl import Workbook

out, rows, columns_file = sys.argv[1], int(sys.argv[2]), sys.argv[3]
columns = json.load(open(columns_file, encoding="utf-8"))
rng = random.Random(20260523)

PRODUCTS = ["Потребительский кредит", "Кредитная карта", "Автокредит", "Ипотека", "Микрозайм", "Кредит наличными"]
LOAN_KINDS = ["Нецелевой", "Целевой", "Рефинансирование"]
STAGES = ["Досудебная", "Судебная", "Исполнительное производство", "Приказное производство"]
CREDITORS = ["ПАО «Банк Альфа»", "АО «Кредитный Бета»", "ООО МФК «Гамма»", "ПАО «Дельта банк»"]
PLACEMENTS = ["ФССП", "Банк", "Не предъявлялся", None]
FORMS = ["Электронная", "Бумажная"]
SEXES = ["М", "Ж"]
DAY0 = datetime.date(2010, 1, 1).toordinal()
BIRTH0 = datetime.date(1950, 1, 1).toordinal()
dates = [datetime.date.fromordinal(DAY0 + d) for d in range(0, 5200)]
births = [datetime.date.fromordinal(BIRTH0 + d) for d in range(0, 18000)]


def row(i):
    total = round(rng.uniform(3000, 600000), 2)
    dpd = rng.randint(90, 3500)
    values = []
    for column in columns:
        value, kind = column["value"], column["kind"]
        if value == "contract_id":
            v = f"КД-{2015 + i % 9}/{i:08d}"
        elif value == "lot_number":
            v = None
        elif kind == "region":
            v = rng.randint(1, 95)
        elif value == "amount_total":
            v = total
        elif value == "amount_bottomline":
            v = round(total * rng.uniform(1.0, 2.4), 2)
        elif value == "principal":
            v = rng.randint(3, 900) * 1000
        elif value == "amount_for_360_days":
            v = 0 if rng.random() < 0.7 else rng.randint(1, 200) * 100
        elif kind == "money":
            v = None if rng.random() < 0.3 else rng.randint(1, 500) * 100
        elif value == "dpd":
            v = dpd
        elif value == "dplp":
            v = rng.randint(0, dpd)
        elif kind == "integer":
            v = rng.randint(0, 1000)
        elif value == "birth_date":
            v = births[rng.randrange(len(births))]
        elif kind == "date":
            v = dates[rng.randrange(len(dates))]
        elif kind == "sex":
            v = SEXES[i & 1]
        elif kind == "issuence_form":
            v = FORMS[rng.randrange(2)]
        elif kind == "flag":
            v = 1 if rng.random() < 0.07 else 0
        elif value == "product_type":
            v = PRODUCTS[rng.randrange(len(PRODUCTS))]
        elif value == "loan_kind":
            v = LOAN_KINDS[rng.randrange(len(LOAN_KINDS))]
        elif value == "stage":
            v = STAGES[rng.randrange(len(STAGES))]
        elif value == "first_creditor":
            v = CREDITORS[rng.randrange(len(CREDITORS))]
        elif value == "enforcement_order_placement":
            v = PLACEMENTS[rng.randrange(len(PLACEMENTS))]
        else:
            v = None
        values.append(v)
    return values


wb = Workbook(write_only=True)
ws = wb.create_sheet("Реестр")
ws.append([c["header"] for c in columns])
for i in range(1, rows + 1):
    ws.append(row(i))
wb.save(out)
