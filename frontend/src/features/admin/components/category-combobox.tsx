import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import type { AdminCategoryCount } from '@directory/backend/shared/admin-types.ts';
import { ADMIN_LIMITS } from '@directory/backend/shared/admin-limits.ts';
import { formatCount } from '../admin-format.ts';
import { matchCategories } from '../category-matches.ts';

interface Option {
  value: string;
  label: string;
  count: number | null;
}

const ALL = 'all';
/** The option that clears the filter: listed first while nothing is typed. */
const ALL_OPTION: Option = { value: ALL, label: 'Tüm kategoriler', count: null };

export interface CategoryComboboxProps {
  categories: readonly AdminCategoryCount[];
  /** The category filtered on, or 'all'. */
  value: string;
  onChange: (category: string) => void;
}

/**
 * The business list's category filter: a text box the operator types a part of a category's
 * name into, with the matching categories (and their business counts) listed below it. The
 * ARIA combobox pattern with list autocomplete (WAI-ARIA APG): focus stays in the box while
 * ↓/↑ move through the list (aria-activedescendant), Enter picks, Escape closes and puts the
 * box back as it was, so does leaving it without a pick.
 */
export function CategoryCombobox({ categories, value, onChange }: CategoryComboboxProps) {
  const chosenText = value === ALL ? '' : value;
  const [text, setText] = useState(chosenText);
  const [isOpen, setIsOpen] = useState(false);
  const [activeIndex, setActiveIndex] = useState(-1);
  const list = useRef<HTMLUListElement>(null);
  const inputId = useId();
  const listId = useId();
  const optionId = (index: number) => `${listId}-option-${index}`;

  // A filter changed from elsewhere (the URL, back/forward) shows in the box.
  useEffect(() => setText(chosenText), [chosenText]);

  // Once the operator typed, the box's text is the query; opened as it was, every category is listed.
  const query = text === chosenText ? '' : text;
  const { shown, total } = matchCategories(categories, query);
  const options: Option[] = [
    ...(query.trim() === '' ? [ALL_OPTION] : []),
    ...shown.map((entry) => ({ value: entry.category, label: entry.category, count: entry.count })),
  ];

  useEffect(() => {
    if (!isOpen || activeIndex < 0) return;
    list.current?.children[activeIndex]?.scrollIntoView({ block: 'nearest' });
  }, [isOpen, activeIndex]);

  const open = (index: number) => {
    setIsOpen(true);
    setActiveIndex(index);
  };
  const close = () => {
    setIsOpen(false);
    setActiveIndex(-1);
    setText(chosenText);
  };
  const choose = (option: Option) => {
    setIsOpen(false);
    setActiveIndex(-1);
    setText(option.value === ALL ? '' : option.value);
    if (option.value !== value) onChange(option.value);
  };
  /** Where the list opens: on the category chosen, else the first option. */
  const openingIndex = () => Math.max(0, options.findIndex((option) => option.value === value));

  const handleKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const last = options.length - 1;
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        if (!isOpen) open(openingIndex());
        else if (!event.altKey && last >= 0) setActiveIndex(activeIndex >= last ? 0 : activeIndex + 1);
        break;
      case 'ArrowUp':
        event.preventDefault();
        if (!isOpen) open(openingIndex());
        else if (last >= 0) setActiveIndex(activeIndex <= 0 ? last : activeIndex - 1);
        break;
      case 'Enter': {
        const option = isOpen ? options[activeIndex] : undefined;
        if (option) {
          event.preventDefault();
          choose(option);
        }
        break;
      }
      case 'Escape':
        if (isOpen || text !== chosenText) {
          event.preventDefault();
          close();
        }
        break;
      default:
    }
  };

  const activeOption = isOpen && activeIndex >= 0 && activeIndex < options.length ? optionId(activeIndex) : undefined;
  const isTruncated = total > shown.length;
  return (
    <div className="admin-combobox">
      <label className="visually-hidden" htmlFor={inputId}>
        Kategori
      </label>
      <input
        id={inputId}
        type="text"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={isOpen}
        aria-controls={listId}
        aria-activedescendant={activeOption}
        autoComplete="off"
        spellCheck={false}
        placeholder={ALL_OPTION.label}
        maxLength={ADMIN_LIMITS.listCategory}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          // Typing highlights the best match, so Enter picks it.
          open(0);
        }}
        onClick={() => (isOpen ? undefined : open(openingIndex()))}
        onKeyDown={handleKeyDown}
        onBlur={close}
      />
      {value !== ALL && (
        <button
          type="button"
          className="admin-combobox-clear"
          aria-label="Kategori filtresini kaldır"
          // Keeps the focus (and the list's state) in the box until the click lands.
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => choose(ALL_OPTION)}
        >
          ×
        </button>
      )}
      <div className="admin-combobox-popup" hidden={!isOpen}>
        <ul
          ref={list}
          id={listId}
          role="listbox"
          aria-label="Kategoriler"
          // A click on an option must not blur the box first (that would close the list).
          onMouseDown={(event) => event.preventDefault()}
        >
          {isOpen &&
            options.map((option, index) => (
              <li
                key={option.value}
                id={optionId(index)}
                role="option"
                aria-selected={index === activeIndex}
                className={option.value === value ? 'admin-combobox-option is-current' : 'admin-combobox-option'}
                // Read as one phrase ("Kafe, 310 işletme"): the name and count are laid out apart.
                aria-label={option.count === null ? undefined : `${option.label}, ${formatCount(option.count)} işletme`}
                onClick={() => choose(option)}
                onMouseMove={() => (index === activeIndex ? undefined : setActiveIndex(index))}
              >
                <span className="admin-combobox-name">
                  {option.label}
                  {option.value === value && <span aria-hidden="true"> ✓</span>}
                </span>
                {option.count !== null && <span className="admin-combobox-count">{formatCount(option.count)}</span>}
              </li>
            ))}
        </ul>
        {isOpen && (total === 0 || isTruncated) && (
          <p className="admin-combobox-note">
            {total === 0 ? 'Eşleşen kategori yok' : `${formatCount(total)} kategoriden ${formatCount(shown.length)} tanesi gösteriliyor; daraltmak için yazın`}
          </p>
        )}
      </div>
      <p className="visually-hidden" role="status">
        {isOpen && query.trim() !== '' ? `${formatCount(total)} kategori bulundu` : ''}
      </p>
    </div>
  );
}
