/**
 * A custom InstantSearch connector for one search parameter that no built-in widget owns: the
 * "where" text (`location`, our backend's own parameter) and the visitor's point for distance
 * (`aroundLatLng`). It keeps the parameter in the search state and in the page's URL state.
 */
import type { Connector, DisposeOptions } from 'instantsearch.js';
import { useConnector } from 'react-instantsearch';
import { LOCATION_PARAMS, NEAR_PARAMS } from './widget-params.ts';

type SearchParameters = DisposeOptions['state'];
type ParameterName = 'location' | 'aroundLatLng';
type UiStateKey = 'location' | 'near';

export interface QueryParameterParams extends Record<string, unknown> {
  parameter: ParameterName;
  uiStateKey: UiStateKey;
}

export interface QueryParameterRenderState extends Record<string, unknown> {
  /** The parameter's value now ('' when unset). */
  value: string;
  /** Sets the value ('' removes it) and searches again from page 1. */
  refine(value: string): void;
  /** The page's URL with that value. */
  createURL(value: string): string;
}

type QueryParameterWidgetDescription = {
  $$type: 'directory.queryParameter';
  renderState: QueryParameterRenderState;
  indexRenderState: Record<string, unknown>;
  indexUiState: { location?: string; near?: string };
};

// The helper keeps parameters it does not know on its state object and sends them with the query,
// but its types list only Algolia's own: these two read and write ours through a widened view.
const readParameter = (state: SearchParameters, name: ParameterName): string => {
  const value = (state as unknown as Record<string, unknown>)[name];
  return typeof value === 'string' ? value : '';
};
const withParameter = (state: SearchParameters, name: ParameterName, value: string): SearchParameters =>
  state.setQueryParameters({ [name]: value === '' ? undefined : value } as Parameters<SearchParameters['setQueryParameters']>[0]);

export const connectQueryParameter: Connector<QueryParameterWidgetDescription, QueryParameterParams> =
  (renderFn, unmountFn = () => {}) =>
  (widgetParams) => {
    const { parameter, uiStateKey } = widgetParams;
    return {
      $$type: 'directory.queryParameter',
      init(initOptions) {
        renderFn({ ...this.getWidgetRenderState(initOptions), instantSearchInstance: initOptions.instantSearchInstance }, true);
      },
      render(renderOptions) {
        renderFn({ ...this.getWidgetRenderState(renderOptions), instantSearchInstance: renderOptions.instantSearchInstance }, false);
      },
      dispose({ state }) {
        unmountFn();
        return withParameter(state, parameter, '');
      },
      getRenderState(renderState, renderOptions) {
        return { ...renderState, ...{ [`queryParameter_${parameter}`]: this.getWidgetRenderState(renderOptions) } };
      },
      getWidgetRenderState({ helper, state, createURL }) {
        return {
          value: readParameter(state, parameter),
          refine: (value: string) => {
            helper.setState(withParameter(helper.state, parameter, value.trim()).resetPage()).search();
          },
          createURL: (value: string) => createURL(withParameter(state, parameter, value.trim()).resetPage()),
          widgetParams,
        };
      },
      getWidgetUiState(uiState, { searchParameters }) {
        const value = readParameter(searchParameters, parameter);
        const next = { ...uiState };
        if (value) next[uiStateKey] = value;
        else delete next[uiStateKey];
        return next;
      },
      getWidgetSearchParameters(searchParameters, { uiState }) {
        return withParameter(searchParameters, parameter, uiState[uiStateKey] ?? '');
      },
    };
  };

/** The "where" text of the search. */
export function useLocationParameter(): QueryParameterRenderState {
  return useConnector(connectQueryParameter, LOCATION_PARAMS);
}

/** The visitor's point ("lat,lng"), from which distance is measured. */
export function useNearParameter(): QueryParameterRenderState {
  return useConnector(connectQueryParameter, NEAR_PARAMS);
}
